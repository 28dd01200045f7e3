import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { TEST_JWT_SECRET, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder } from "./admin-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  customer = await registerCustomer(t.app);
  orderId = (await makeOrder(t, customer.userId)).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

// Every staff read route; the catalogue, staff and settings are admin-only.
const adminOnly = ["/admin/api/products", "/admin/api/taxonomy", "/admin/api/staff", "/admin/api/settings", "/admin/api/settings/1"];
const supportToo = () => [
  "/admin/api/orders",
  `/admin/api/orders/${orderId}`,
  "/admin/api/conversations",
  "/admin/api/conversations/unread-count",
  `/admin/api/conversations/${orderId}`,
  `/admin/api/conversations/${orderId}/messages`,
  "/admin/api/customers",
  `/admin/api/customers/${customer.userId}`,
  "/admin/api/dashboard",
];

describe("staff API access", () => {
  it("answers 401 without a token and with a forged or malformed token, on every route", async () => {
    const forged = await new SignJWT({ role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin.userId)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    for (const url of [...adminOnly, ...supportToo()]) {
      expectError(await get(url), 401, "Sessão expirada. Por favor, faça login novamente.");
      expectError(await get(url, { authorization: `Bearer ${forged}` }), 401);
      expectError(await get(url, { authorization: "Bearer not.a.jwt" }), 401);
    }
  });

  it("answers 401 for an expired staff token", async () => {
    const expired = await new SignJWT({ role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin.userId)
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_000_100)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectError(await get("/admin/api/orders", { authorization: `Bearer ${expired}` }), 401);
  });

  it("refuses a customer's token with 403 everywhere, reads and writes", async () => {
    for (const url of [...adminOnly, ...supportToo()]) expectError(await get(url, customer.auth), 403);
    expectError(
      await t.app.inject({ method: "PUT", url: `/admin/api/orders/${orderId}`, headers: customer.auth, payload: { status: "Entregue" } }),
      403,
    );
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/admin/api/staff",
        headers: customer.auth,
        payload: { name: "X", email: "x@x.ao", role: "admin", password: "12345678" },
      }),
      403,
    );
  });

  it("lets support work orders, chats and read customers, but refuses the catalogue, staff and settings", async () => {
    for (const url of supportToo()) expect((await get(url, support.auth)).statusCode, url).toBe(200);
    for (const url of adminOnly) expectError(await get(url, support.auth), 403, "Não tem permissão para esta ação");
    const product = await t.prisma.product.findFirstOrThrow({ where: { deletedAt: null } });
    expectError(await get(`/admin/api/products/${product.id}`, support.auth), 403);
    expectError(await t.app.inject({ method: "DELETE", url: `/admin/api/products/${product.id}`, headers: support.auth }), 403);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).deletedAt).toBeNull();
    expectError(await t.app.inject({ method: "POST", url: "/admin/api/uploads", headers: support.auth }), 403);
  });

  it("lets an admin read everything", async () => {
    for (const url of [...adminOnly, ...supportToo()]) expect((await get(url, admin.auth)).statusCode, url).toBe(200);
  });

  it("stops a deactivated staff member's token at once", async () => {
    const temp = await createStaff(t, "support");
    expect((await get("/admin/api/orders", temp.auth)).statusCode).toBe(200);
    // Through the console's route, which ends the account's sessions (sessions are cached between requests).
    const off = await t.app.inject({
      method: "PUT",
      url: `/admin/api/staff/${temp.userId}`,
      headers: admin.auth,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expectError(await get("/admin/api/orders", temp.auth), 401);
  });

  it("answers unknown staff routes with the API's 404 shape", async () => {
    expectError(await get("/admin/api/nothing-here", admin.auth), 404);
  });
});

describe("POST /admin/api/auth/login", () => {
  it("signs staff in and refuses customers with the same 400 as a wrong password", async () => {
    const ok = await t.app.inject({
      method: "POST",
      url: "/admin/api/auth/login",
      payload: { email: support.email, password: support.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.role).toBe("support");
    expectError(
      await t.app.inject({ method: "POST", url: "/admin/api/auth/login", payload: { email: customer.email, password: customer.password } }),
      400,
    );
  });
});
