// No input makes the staff API fail with a 500: random list parameters, ids and bodies always get a 200 or a
// 4xx in the one error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { makeOrder } from "./admin-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  const c = await registerCustomer(t.app);
  orderId = (await makeOrder(t, c.userId)).id;
});
afterAll(() => t.close());

function expectHandled(res: { statusCode: number; body: string; json(): unknown }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { success: unknown; message: unknown };
    expect(body.success, what).toBe(false);
    expect(typeof body.message, what).toBe("string");
  }
}

const jsonish = fc.oneof(
  fc.json(),
  fc.string(),
  fc.constantFrom(
    "[0,24]",
    "[24,0]",
    '["name","ASC"]',
    '{"q":"a"}',
    '{"id":[]}',
    "[1e309,1]",
    "[0.5,3]",
    '{"__proto__":{"x":1}}',
    "null",
    "[]",
    "{}",
  ),
);

describe("staff API under random input", () => {
  it("answers list requests with random filter, range and sort without a 500", async () => {
    const resources = ["products", "orders", "conversations", "customers", "staff"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...resources), jsonish, jsonish, jsonish, async (resource, filter, range, sort) => {
        const qs = new URLSearchParams({ filter, range, sort }).toString();
        const res = await t.app.inject({ method: "GET", url: `/admin/api/${resource}?${qs}`, headers: admin.auth });
        expectHandled(res, `${resource}?${qs}`);
        if (res.statusCode === 200) expect(res.headers["content-range"]).toMatch(new RegExp(`^${resource} (\\d+-\\d+|\\*)/\\d+$`));
      }),
      { numRuns: 120 },
    );
  });

  it("answers an empty id list (react-admin's getMany of nothing) on every list with an empty page", async () => {
    const lists = ["bank-statement-lines", "bank-statement-mappings", "bank-statements", "conversations", "coupons", "customers"]
      .concat(["delivery-zones", "fiscal-documents", "orders", "outbox", "payments", "pickup-points", "products", "quick-replies"])
      .concat(["returns", "staff", "synonyms", "whatsapp-inbox"]);
    for (const resource of lists) {
      const url = `/admin/api/${resource}?${new URLSearchParams({ filter: '{"id":[]}' })}`;
      const res = await t.app.inject({ method: "GET", url, headers: admin.auth });
      expectHandled(res, url);
      if (res.statusCode === 200) expect(res.json(), url).toEqual([]);
    }
  });

  it("answers random ids on every detail route without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.constantFrom("products", "orders", "conversations", "customers", "staff", "settings"),
        async (raw, resource) => {
          const res = await t.app.inject({ method: "GET", url: `/admin/api/${resource}/${encodeURIComponent(raw)}`, headers: admin.auth });
          expectHandled(res, `${resource}/${raw}`);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("answers random JSON bodies on every write route without a 500", async () => {
    const routes: [string, string][] = [
      ["POST", "/admin/api/products"],
      ["PUT", `/admin/api/orders/${orderId}`],
      ["POST", "/admin/api/staff"],
      ["PUT", `/admin/api/staff/${admin.userId}`],
      ["PUT", "/admin/api/settings/1"],
    ];
    const body = fc.oneof(
      fc.json(),
      fc.record(
        { status: fc.oneof(fc.string(), fc.constantFrom("Entregue", "Cancelado")), note: fc.oneof(fc.string(), fc.integer()) },
        { requiredKeys: [] },
      ),
      fc.record(
        { name: fc.string(), email: fc.string(), role: fc.string(), password: fc.string(), active: fc.anything() },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          phones: fc.array(fc.string()),
          emails: fc.array(fc.string()),
          addresses: fc.array(fc.string()),
          bankName: fc.string(),
          accountHolder: fc.string(),
          accountNumber: fc.string(),
          iban: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, url], payload) => {
        const res = await t.app.inject({
          method: method as "POST" | "PUT",
          url,
          headers: { ...admin.auth, "content-type": "application/json" },
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        });
        expectHandled(res, `${method} ${url} ${JSON.stringify(payload).slice(0, 120)}`);
      }),
      { numRuns: 120 },
    );
  });

  it("answers random multipart parts on replies and uploads without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(`/admin/api/conversations/${orderId}/messages`, "/admin/api/uploads"),
        fc.uint8Array({ maxLength: 2048 }),
        fc.string(),
        fc.string({ maxLength: 20 }),
        async (url, bytes, text, field) => {
          const form = new FormData();
          form.append(field || "text", text);
          form.append("file", new Blob([bytes]), "x.bin");
          const response = new Response(form);
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: { ...admin.auth, "content-type": response.headers.get("content-type")! },
            payload: Buffer.from(await response.arrayBuffer()),
          });
          expectHandled(res, `${url} field=${field}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
