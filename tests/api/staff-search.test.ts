// Staff find an order, and its customer, by what they hold: the delivery phone in any format, the payment
// reference in any case, the Multicaixa reference, and a bank reference recorded on it (compared as the ledger
// compares them). The delivery phone is a column the database computes (migration 20261127100000).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { makeOrder } from "./admin-fixtures.ts";
import { phoneDigits, phoneSearchDigits } from "../../shared/phones.ts";

let t: TestApp;
let support: Awaited<ReturnType<typeof createStaff>>;
let ana: { userId: string };
let bento: { userId: string };
let delivered: { id: string };
let other: { id: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  support = await createStaff(t, "support");
  // Accounts without a phone of their own: only the orders' delivery phones can find them.
  ana = await registerCustomer(t.app, { name: "Ana Procurada" });
  bento = await registerCustomer(t.app, { name: "Bento Outro" });
  delivered = await makeOrder(t, ana.userId, { phone: "923 111 222", paymentReference: "LJ7K2M9QX" });
  other = await makeOrder(t, bento.userId, { phone: "+244 923 111 333", paymentReference: "LJ8M3N4PR" });
  await t.prisma.order.update({ where: { id: other.id }, data: { multicaixaReference: "123456781" } });
  const paid = await t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${delivered.id}/payments`,
    headers: support.auth,
    payload: { amount: 1000, bankReference: "BAI-TRF-88213" },
  });
  expect(paid.statusCode, paid.body).toBe(200);
});
afterAll(() => t.close());

const search = async (resource: "orders" | "customers", q: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/admin/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,99]`,
    headers: support.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((r) => r.id);
};

describe("the staff's search", () => {
  it("keeps an order's delivery phone as its national digits", async () => {
    const rows = await t.prisma.order.findMany({
      where: { id: { in: [delivered.id, other.id] } },
      select: { id: true, deliveryPhone: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.deliveryPhone]))).toEqual({ [delivered.id]: "923111222", [other.id]: "923111333" });
    expect(["923 111 222", "+244 923 111 222", "00244923111222", "244923111222"].map(phoneDigits)).toEqual(Array(4).fill("923111222"));
    expect(phoneSearchDigits("+244 923 1")).toBe("9231");
    expect([phoneSearchDigits("Ana"), phoneSearchDigits("92")]).toEqual([null, null]);
  });

  it("finds an order and its customer by the delivery phone in any format", async () => {
    for (const q of ["923 111 222", "923111222", "+244 923 111 222", "00244923111222", "(+244) 923-111-222"]) {
      expect(await search("orders", q), q).toEqual([delivered.id]);
      expect(await search("customers", q), q).toEqual([ana.userId]);
    }
    expect(await search("orders", "00244 923 111 333")).toEqual([other.id]);
    // Part of a number finds every order delivered to a phone with it.
    expect((await search("orders", "923 111")).sort()).toEqual([delivered.id, other.id].sort());
  });

  it("finds by the payment reference in any case and spacing, and by the Multicaixa reference", async () => {
    for (const q of ["LJ7K2M9QX", "lj7k2m9qx", " LJ7K 2M9QX "]) {
      expect(await search("orders", q), q).toEqual([delivered.id]);
      expect(await search("customers", q), q).toEqual([ana.userId]);
    }
    expect(await search("orders", "123 456 781")).toEqual([other.id]);
  });

  it("finds by a bank reference recorded on the order, compared without case, spaces or punctuation", async () => {
    for (const q of ["BAI-TRF-88213", "bai trf 88213", "BAITRF88213"]) {
      expect(await search("orders", q), q).toEqual([delivered.id]);
      expect(await search("customers", q), q).toEqual([ana.userId]);
    }
    expect(await search("orders", "BAI-TRF-88214")).toEqual([]);
  });
});
