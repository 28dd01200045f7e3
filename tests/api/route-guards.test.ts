// Walks every operation of the OpenAPI document (so a route added later is covered without editing this file):
// - authorisation comes before validation: no token → 401, a customer on a staff route → 403, support on an
//   admin-only route → 403, whatever the body (before, support posting a product got 400 naming the fields);
// - every private answer carries `Cache-Control: no-store`, public catalogue answers keep their own caching;
// - the CSP lets pages connect to their own origin only;
// - an address the router itself refuses (a path segment over its limit, a broken %-escape) answers in the one error
//   shape, with the security headers, like every other refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { SESSION_EXPIRED } from "../../server/domain/errors.ts";
import { expectError } from "./admin-fixtures.ts";

/** Operations anyone may call (sign-in, sign-up, the catalogue, the payment service's callback, the proxy's health checks). */
const PUBLIC = new Set([
  "POST /api/user/register",
  "POST /api/user/login",
  "POST /api/user/firebase-login",
  "POST /api/user/forgot-password",
  "POST /api/user/reset-password",
  "GET /api/product/list",
  "GET /api/catalogue/products",
  "GET /api/catalogue/products/{id}",
  "GET /api/catalogue/home",
  "GET /api/push/key",
  "GET /api/settings",
  "GET /api/delivery/options",
  "GET /api/delivery/estimate",
  "POST /api/payments/proxypay",
  "POST /api/fiscal/appypay",
  "POST /api/payments/appypay",
  "GET /api/whatsapp/webhook",
  "POST /api/whatsapp/webhook",
  "POST /admin/api/auth/login",
  "GET /health/live",
  "GET /health/ready",
]);
/** Staff resources support may not touch (the catalogue, staff accounts, shop settings). */
const ADMIN_ONLY = /^\/admin\/api\/(products|uploads|taxonomy|staff|settings|synonyms|outbox)(\/|$)/;
/** Staff resources support may read but only admins may write (the saved quick replies, the delivery options, coupons). */
const ADMIN_WRITES = /^\/admin\/api\/(quick-replies|delivery-zones|pickup-points|coupons)(\/|$)/;

interface Operation {
  method: string;
  path: string;
}

let t: TestApp;
let operations: Operation[] = [];
const auth: Record<"customer" | "support" | "admin", { authorization: string }> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  auth.customer = (await registerCustomer(t.app)).auth;
  auth.support = (await createStaff(t, "support")).auth;
  auth.admin = (await createStaff(t, "admin")).auth;
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const name = (op: Operation) => `${op.method} ${op.path}`;
const isPrivate = (op: Operation) => !PUBLIC.has(name(op));
const isStaff = (op: Operation) => op.path.startsWith("/admin/api/");
const url = (op: Operation) => op.path.replace(/\{[^}]+\}/g, "x");

/** A body no route accepts: unknown fields, wrong types, or not even the right content type. */
const badBodies = [
  { "content-type": "application/json", payload: JSON.stringify({ name: 1, price: "muito", unexpected: true }) },
  { "content-type": "text/plain", payload: "não é json" },
  {
    "content-type": "multipart/form-data; boundary=x",
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.exe"\r\n\r\nMZ\r\n--x--\r\n',
  },
];

function call(op: Operation, body: (typeof badBodies)[number] | undefined, headers: Record<string, string> = {}) {
  const withBody = op.method !== "GET" && op.method !== "DELETE" && body;
  return t.app.inject({
    method: op.method as "GET",
    url: url(op),
    headers: { ...headers, ...(withBody ? { "content-type": body["content-type"] } : {}) },
    ...(withBody ? { payload: body.payload } : {}),
  });
}

describe("authorisation before validation, on every protected operation", () => {
  it("finds the document's operations, protected and public", () => {
    expect(operations.filter(isPrivate).length).toBeGreaterThan(30);
    for (const name of PUBLIC) expect(operations.map((op) => `${op.method} ${op.path}`)).toContain(name);
  });

  it("answers 401 without a token, whatever the body", async () => {
    for (const op of operations.filter(isPrivate))
      for (const body of badBodies) {
        const res = await call(op, body);
        expect(res.statusCode, `${name(op)} ${body["content-type"]}: ${res.body}`).toBe(401);
        expectError(res, 401, SESSION_EXPIRED);
      }
  });

  it("answers 403 to a customer on every staff operation, whatever the body", async () => {
    for (const op of operations.filter((op) => isPrivate(op) && isStaff(op)))
      for (const body of badBodies)
        expect((await call(op, body, auth.customer)).statusCode, `${name(op)} ${body["content-type"]}`).toBe(403);
  });

  it("answers 403 to support on every admin-only operation, whatever the body", async () => {
    const adminOnly = operations.filter(
      (op) => isPrivate(op) && (ADMIN_ONLY.test(op.path) || (op.method !== "GET" && ADMIN_WRITES.test(op.path))),
    );
    expect(adminOnly.length).toBeGreaterThanOrEqual(10);
    for (const op of adminOnly)
      for (const body of badBodies) expectError(await call(op, body, auth.support), 403, "Não tem permissão para esta ação");
  });

  it("refuses a large anonymous upload at once, without reading it as multipart", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/api/uploads",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: Buffer.alloc(5 * 1024 * 1024, 0x41),
    });
    expectError(res, 401, SESSION_EXPIRED);
  });
});

describe("Cache-Control: no-store on private answers", () => {
  const tokenFor = (op: Operation) => (isStaff(op) ? auth.admin : auth.customer);

  it("marks every private operation's answer no-store, refusals and successes alike", async () => {
    let successes = 0;
    for (const op of operations.filter(isPrivate)) {
      for (const headers of [{}, tokenFor(op)]) {
        const res = await call(op, { "content-type": "application/json", payload: "{}" }, headers);
        if (res.statusCode < 300) successes++;
        expect(res.headers["cache-control"], `${name(op)} ${res.statusCode}`).toBe("no-store");
      }
    }
    // Reads such as the cart, orders, conversations, customers, staff and settings answered 200.
    expect(successes).toBeGreaterThan(10);
  });

  it("marks sign-up, sign-in and staff sign-in answers no-store (they carry tokens)", async () => {
    const email = `nostore.${Date.now()}@exemplo.ao`;
    const register = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: { name: "N", email, password: "uma-senha-boa" },
    });
    const login = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { email, password: "uma-senha-boa" } });
    const staff = await createStaff(t, "support");
    const staffLogin = await t.app.inject({
      method: "POST",
      url: "/admin/api/auth/login",
      payload: { email: staff.email, password: staff.password },
    });
    for (const res of [register, login, staffLogin]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("keeps the public catalogue's caching", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/product/list" });
    expect(list.headers["cache-control"]).toBe("no-cache");
    expect(list.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: "GET", url: "/api/settings" })).headers["cache-control"]).toBe("public, max-age=60");
  });
});

describe("Content-Security-Policy", () => {
  it("allows connections to the page's own origin only (no ws:/wss: to any host)", async () => {
    const csp = String((await t.app.inject({ method: "GET", url: "/api/product/list" })).headers["content-security-policy"]);
    const connect = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("connect-src"));
    expect(connect).toBe("connect-src 'self'");
  });
});

describe("addresses the router refuses before any route matches", () => {
  it("answers a path parameter over the router's limit (a 5 000-character id) with 414 in the one error shape", async () => {
    const withParams = operations.filter((op) => op.path.includes("{"));
    expect(withParams.length).toBeGreaterThan(10);
    for (const op of withParams) {
      for (const headers of [{}, isStaff(op) ? auth.admin : auth.customer]) {
        const res = await t.app.inject({ method: op.method as "GET", url: op.path.replace(/\{[^}]+\}/g, "x".repeat(5000)), headers });
        expectError(res, 414, "Endereço demasiado longo");
        expect(res.headers["content-type"], name(op)).toBe("application/json; charset=utf-8");
        expect(res.headers["cache-control"], name(op)).toBe("no-store");
        expect(res.headers["x-content-type-options"], name(op)).toBe("nosniff");
        expect(String(res.headers["content-security-policy"]), name(op)).toContain("default-src 'self'");
      }
    }
    // A storefront page's segment too (a product page), and one just over the limit.
    expectError(await t.app.inject({ method: "GET", url: `/product/${"p".repeat(5000)}` }), 414, "Endereço demasiado longo");
    expectError(await t.app.inject({ method: "GET", url: `/api/message/${"m".repeat(201)}` }), 414, "Endereço demasiado longo");
  });

  it("answers a path parameter the router cannot decode (a broken %-escape) with 400 in the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/message/%E0%A4%A" });
    expectError(res, 400, "Endereço inválido");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
