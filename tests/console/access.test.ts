// What each staff role may open in the console (the server enforces the same rules: tests/api/admin-access).
import { canRoleAccess } from "../../console/auth-provider.ts";

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
