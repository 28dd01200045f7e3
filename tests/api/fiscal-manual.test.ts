// Without a fiscal provider (the default) the shop asks for nothing; an admin attaches the document issued in the
// AGT portal (POST /admin/api/orders/:id/fiscal-documents: type, number, a PDF), and the shopper sees its number and
// downloads it (docs/product/fiscal-documents.md#without-a-provider).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, multipart, pngBytes } from "./admin-fixtures.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";
import { fiscalRound, requestInvoiceForPaidOrder } from "../../server/domain/fiscal/service.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
});
afterAll(() => t.close());

const pdf = () => ({ bytes: pdfWithText(["FR LOJA2026/000042"]), filename: "FR-42.pdf", type: "application/pdf" });
const attach = (
  orderId: string,
  headers: Record<string, string>,
  parts = [
    { name: "type", value: "FR" },
    { name: "number", value: "FR LOJA2026/000042" },
    { name: "file", file: pdf() },
  ],
) => {
  const form = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${orderId}/fiscal-documents`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
};

describe("without a provider", () => {
  it("asks for nothing when an order is paid, keeps the NIF, and lets an admin attach the AGT portal's PDF for the shopper", async () => {
    const admin = await createStaff(t, "admin");
    const c = await registerCustomer(t.app);
    const [product] = (await liveProducts(t)).filter((p) => p.price > 0);
    const body = orderBody([{ product: product!, quantity: 1 }], { nif: "5000000000" });
    const placed = await post(t, "/api/order/place", body, c.auth);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${orderId}/payments`,
      headers: admin.auth,
      payload: { amount: body.totalAmount, bankReference: `MANUAL-${orderId}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await requestInvoiceForPaidOrder(t.deps, orderId)).toBeNull();
    expect(await fiscalRound(t.deps, { checkAfterMs: 0 })).toMatchObject({ requested: 0, sent: 0, checked: 0 });
    expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(0);

    const res = await attach(orderId, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { document: object }).document).toMatchObject({
      type: "FR",
      status: "issued",
      source: "manual",
      number: "FR LOJA2026/000042",
      customerTaxID: "5000000000",
    });

    const staff = (await t.app.inject({ method: "GET", url: `/admin/api/orders/${orderId}`, headers: admin.auth })).json() as AdminOrder;
    expect(staff.nif).toBe("5000000000");
    const orders = ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: UserOrder[] }).orders;
    const mine = orders.find((o) => o._id === orderId)!;
    expect(mine.fiscalDocuments).toEqual([
      { id: expect.any(String), type: "FR", status: "issued", number: "FR LOJA2026/000042", url: expect.stringMatching(/^\/media\//) },
    ]);
    const file = await t.app.inject({ method: "GET", url: mine.fiscalDocuments[0]!.url! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuses support and shoppers before the body is read, and anything but a PDF with a type and a number", async () => {
    const admin = await createStaff(t, "admin");
    const support = await createStaff(t, "support");
    const c = await registerCustomer(t.app);
    const [product] = (await liveProducts(t)).filter((p) => p.price > 0);
    const placed = await post(t, "/api/order/place", orderBody([{ product: product!, quantity: 1 }]), c.auth);
    const orderId = (placed.json() as { orderId: string }).orderId;
    // Not even a multipart body: who calls is answered first.
    const garbage = { "content-type": "application/octet-stream" };
    for (const [headers, status] of [
      [{ ...support.auth, ...garbage }, 403],
      [{ ...c.auth, ...garbage }, 403],
      [garbage, 401],
    ] as const)
      expectError(
        await t.app.inject({ method: "POST", url: `/admin/api/orders/${orderId}/fiscal-documents`, payload: Buffer.alloc(1024), headers }),
        status,
      );
    expectError(await attach(orderId, support.auth), 403);
    expectError(await attach("naoexiste", admin.auth), 404);
    expectError(
      await attach(orderId, admin.auth, [
        { name: "type", value: "FT" },
        { name: "number", value: "X" },
        { name: "file", file: pdf() },
      ]),
      400,
      /FR .*NC/,
    );
    expectError(
      await attach(orderId, admin.auth, [
        { name: "type", value: "NC" },
        { name: "file", file: pdf() },
      ]),
      400,
      /número/,
    );
    expectError(
      await attach(orderId, admin.auth, [
        { name: "type", value: "FR" },
        { name: "number", value: "FR 1" },
      ]),
      400,
      /PDF/,
    );
    expectError(
      await attach(orderId, admin.auth, [
        { name: "type", value: "FR" },
        { name: "number", value: "FR 1" },
        { name: "file", file: { bytes: await pngBytes(), filename: "fatura.pdf", type: "application/pdf" } },
      ]),
      415,
    );
    expect(await t.prisma.fiscalDocument.count({ where: { orderId } })).toBe(0);
  });
});
