// What each staff role may open in the console (the server enforces the same rules: tests/api/admin-access).
import { authProvider, canRoleAccess } from "../../console/auth-provider.ts";
import { getSession } from "../../console/lib/session.ts";

describe("console access by role", () => {
  it("gives an admin everything", () => {
    for (const resource of ["products", "orders", "conversations", "customers", "staff", "settings", "dashboard"]) {
      for (const action of ["list", "show", "edit", "create", "delete"]) expect(canRoleAccess("admin", resource, action)).toBe(true);
    }
  });

  it("lets support work orders and chats, read customers, and keeps them out of catalogue, staff and settings", () => {
    expect(canRoleAccess("support", "orders", "list")).toBe(true);
    expect(canRoleAccess("support", "orders", "show")).toBe(true);
    expect(canRoleAccess("support", "orders", "edit")).toBe(true);
    expect(canRoleAccess("support", "conversations", "show")).toBe(true);
    expect(canRoleAccess("support", "customers", "list")).toBe(true);
    expect(canRoleAccess("support", "customers", "edit")).toBe(false);
    expect(canRoleAccess("support", "orders", "delete")).toBe(false);
    for (const resource of ["products", "staff", "settings"]) {
      for (const action of ["list", "show", "edit", "create", "delete"]) expect(canRoleAccess("support", resource, action)).toBe(false);
    }
  });

  it("gives nothing to anyone else", () => {
    expect(canRoleAccess("customer", "orders", "list")).toBe(false);
    expect(canRoleAccess(undefined, "dashboard", "list")).toBe(false);
  });
});

describe("console logout", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks the server to end the staff member's sessions with the token, and forgets the session at once", async () => {
    const session = { token: "token-da-equipa", user: { id: "s1", name: "Suporte", email: "s@loja.ao", role: "support" } };
    localStorage.setItem("loja.console.session", JSON.stringify(session));
    const calls: { url: string; method?: string; authorization: string | null }[] = [];
    // Never answers: the console must not wait for it.
    vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method, authorization: new Headers(init.headers).get("authorization") });
      return new Promise<Response>(() => {});
    });
    await authProvider.logout({});
    expect(calls).toEqual([{ url: "/api/user/logout", method: "POST", authorization: "Bearer token-da-equipa" }]);
    expect(getSession()).toBeNull();
  });
});
