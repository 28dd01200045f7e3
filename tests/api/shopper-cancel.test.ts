// The shopper cancels their own unpaid order (POST /api/order/cancel, docs/product/orders.md#cancelling-an-unpaid-order):
// only the owner (404 for anyone else), only while it awaits payment with no money and no proof in play; the history
// keeps the Portuguese reason and who, the units go back at once, the shop says it in the chat and by e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { multipart } from "./admin-fixtures.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let product: CatalogueProduct;
let size: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  product = (await liveProducts(t)).find((p) => p.price >= 1000)!;
  size = product.sizes[0]!;
  await t.prisma.productStock.create({ data: { productId: product.id, size, quantity: 10 } });
});
afterAll(() => t.close());

const units = async () =>
  (await t.prisma.productStock.findUniqueOrThrow({ where: { productId_size: { productId: product.id, size } } })).quantity;
async function place(c: Customer): Promise<string> {
  const res = await post(t, "/api/order/place", orderBody([{ product, size, quantity: 2 }]), c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
const cancel = (c: Customer | null, orderId: unknown) => post(t, "/api/order/cancel", { orderId }, c?.auth ?? {});
const statusOf = async (id: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id } })).status;

describe("POST /api/order/cancel", () => {
  it("cancels the shopper's own unpaid order: history with the reason, units back, chat, e-mail, and the orders page says so", async () => {
    const c = await registerCustomer(t.app);
    const before = await units();
    const id = await place(c);
    expect(await units()).toBe(before - 2);
    const res = await cancel(c, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Pedido cancelado" });

    const row = await t.prisma.order.findUniqueOrThrow({
      where: { id },
      include: { statusHistory: { orderBy: { createdAt: "asc" } }, lines: true },
    });
    expect(row.status).toBe("Cancelado");
    expect(row.statusHistory.map((h) => [h.status, h.changedById, h.note])).toEqual([
      ["Aguardando Pagamento", null, null],
      ["Cancelado", c.userId, "Cancelado pelo cliente"],
    ]);
    expect(row.lines.map((l) => l.reserved)).toEqual([false]);
    expect(await units()).toBe(before);

    await t.settled();
    const messages = (await t.app.inject({ method: "GET", url: `/api/message/${id}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    };
    expect(messages.messages.filter((m) => m.sender === "shop").map((m) => m.text)).toContain(
      "O estado do pedido mudou para: Cancelado. Motivo: Cancelado pelo cliente",
    );
    expect(await t.prisma.outboxMail.count({ where: { kind: "order-cancelled", to: c.email } })).toBe(1);
    const mine = ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: UserOrder[] }).orders.find((o) => o._id === id)!;
    expect(mine.cancellation).toMatchObject({ by: "shopper", reason: "Cancelado pelo cliente" });
    // Staff see who did it.
    const staff = (await t.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: admin.auth })).json() as {
      history: { status: string; by: { id: string } | null; note: string | null }[];
    };
    expect(staff.history.at(-1)).toMatchObject({ status: "Cancelado", by: { id: c.userId }, note: "Cancelado pelo cliente" });
    // Once: a second cancellation is refused and gives nothing back twice.
    expectError(await cancel(c, id), 409, /^Este pedido já não aguarda pagamento/);
    expect(await units()).toBe(before);
  });

  it("answers 404 for another shopper's order and for an unknown one, changing nothing", async () => {
    const [owner, stranger] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const id = await place(owner);
    expectError(await cancel(stranger, id), 404, "Pedido não encontrado");
    expectError(await cancel(stranger, "c0000000000000000000000"), 404, "Pedido não encontrado");
    expect(await statusOf(id)).toBe("Aguardando Pagamento");
  });

  it("answers 401 without a session and 400 for a malformed id", async () => {
    const c = await registerCustomer(t.app);
    const id = await place(c);
    expectError(await cancel(null, id), 401);
    expectError(await cancel(c, "não é um id"), 400);
    expectError(await cancel(c, 12), 400);
    expect(await statusOf(id)).toBe("Aguardando Pagamento");
  });

  it("leaves an order with money or a proof in play to staff (409 with the reason), and a paid order alone", async () => {
    const c = await registerCustomer(t.app);
    const partly = await place(c);
    const total = (await t.prisma.order.findUniqueOrThrow({ where: { id: partly } })).totalAmount.toNumber();
    const paid = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${partly}/payments`,
      headers: admin.auth,
      payload: { amount: 1000, bankReference: "BAI-CANCEL-1" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expectError(
      await cancel(c, partly),
      409,
      "Este pedido já tem 1\u00a0000,00 kz recebidos: para o cancelar e receber a devolução, fale connosco na conversa do pedido.",
    );

    const proofed = await place(c);
    const form = multipart([
      { name: "orderId", value: proofed },
      { name: "file", file: { bytes: pdfWithText(["Comprovativo"]), filename: "c.pdf", type: "application/pdf" } },
    ]);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/order/proof", headers: { ...c.auth, ...form.headers }, payload: form.payload }))
        .statusCode,
    ).toBe(200);
    expectError(await cancel(c, proofed), 409, /^O seu comprovativo de pagamento está em análise/);

    const done = await registerCustomer(t.app);
    const full = await place(done);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/admin/api/orders/${full}/payments`,
          headers: admin.auth,
          payload: { amount: total, bankReference: "BAI-CANCEL-2" },
        })
      ).statusCode,
    ).toBe(200);
    expectError(await cancel(done, full), 409, /^Este pedido já não aguarda pagamento/);
    expect([await statusOf(partly), await statusOf(proofed), await statusOf(full)]).toEqual([
      "Aguardando Pagamento",
      "Aguardando Pagamento",
      "Pagamento Confirmado",
    ]);
  });
});
