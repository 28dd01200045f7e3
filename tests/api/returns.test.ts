// Returns and exchanges (docs/product/returns.md): the shopper asks with POST /api/order/return (own delivered order,
// within the window, never more than delivered minus already asked); staff move it with PUT /admin/api/returns/:id
// one step at a time; stock follows (received minus damaged back on sale; an exchange takes its new size at approval
// for a replacement order that ships like any other); money follows (a refund concluded through the refunds ledger,
// the coupon shared out pro rata); two staff receiving at once restock once; the shopper reads each step in the chat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../../server/db/client.ts";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { address, expectError } from "./admin-fixtures.ts";
import { formatKz } from "../../shared/money.ts";
import { BANK_TRANSFER } from "../../shared/orders.ts";
import { RETURN_NOT_DELIVERED, RETURN_WINDOW_OVER, RETURNS_OFF, REFUND_NEEDS_ADMIN } from "../../shared/returns.ts";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let shopper: Customer;
let other: Customer;
let productId: string;
const PRICE = 10_000;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, support, shopper, other] = await Promise.all([
    createStaff(t, "admin"),
    createStaff(t, "support"),
    registerCustomer(t.app, { name: "Ana Compradora" }),
    registerCustomer(t.app),
  ]);
  const product = await t.prisma.product.create({
    data: {
      name: "Camisa de linho",
      description: "Linho",
      price: PRICE,
      sizes: ["P", "M", "G", "GG"],
      category: "Men",
      subCategory: "Topwear",
      // G is sold out; GG is not tracked (never short).
      stock: {
        create: [
          { size: "P", quantity: 5 },
          { size: "M", quantity: 1 },
          { size: "G", quantity: 0 },
        ],
      },
    },
  });
  productId = product.id;
});
afterAll(() => t.close());

const stockOf = async (size: string) =>
  (await t.prisma.productStock.findUniqueOrThrow({ where: { productId_size: { productId, size } } })).quantity;
const setStock = (size: string, quantity: number) =>
  t.prisma.productStock.update({ where: { productId_size: { productId, size } }, data: { quantity } });

/** A paid order of `quantity` × size P, in `status`, delivered `daysAgo` (a coupon of `discount` on it). */
async function order(opts: { status?: string; quantity?: number; daysAgo?: number; discount?: number; userId?: string } = {}) {
  const quantity = opts.quantity ?? 2;
  const subtotal = PRICE * quantity;
  const discount = opts.discount ?? 0;
  const total = subtotal + 5000 - discount;
  const status = opts.status ?? "Entregue";
  const at = new Date(Date.now() - (opts.daysAgo ?? 0) * 86_400_000);
  return t.prisma.order.create({
    data: {
      userId: opts.userId ?? shopper.userId,
      status,
      paid: true,
      paymentMethod: BANK_TRANSFER,
      address: address(),
      subtotal,
      deliveryFee: 5000,
      discount,
      ...(discount ? { couponCode: "DESCONTO" } : {}),
      totalAmount: total,
      amountPaid: total,
      lines: { create: [{ position: 0, productId, name: "Camisa de linho", image: "/media/x", price: PRICE, size: "P", quantity }] },
      statusHistory: {
        create: [
          { status: "Pagamento Confirmado", createdAt: at },
          { status, createdAt: at },
        ],
      },
    },
  });
}

const ask = (c: Customer, body: object) => t.app.inject({ method: "POST", url: "/api/order/return", headers: c.auth, payload: body });
const line = (quantity = 1, reason = "tamanho") => ({ itemId: productId, size: "P", quantity, reason });
const staffApi = (method: "GET" | "PUT", url: string, auth: { authorization: string }, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const move = async (id: string, body: object, auth = support.auth) => staffApi("PUT", `/returns/${id}`, auth, body);
const myOrders = async (c: Customer) =>
  ((await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} })).json() as { orders: UserOrder[] })
    .orders;
const shopLines = async (orderId: string) => {
  await t.settled();
  const res = await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: shopper.auth });
  return (res.json() as { messages: { sender: string; text: string }[] }).messages.filter((m) => m.sender === "shop").map((m) => m.text);
};

describe("asking for a return", () => {
  it("is refused before delivery, to another shopper, beyond what was delivered, past the window, or with returns off", async () => {
    const shipped = await order({ status: "Enviado" });
    expectError(await ask(shopper, { orderId: shipped.id, lines: [line()], resolution: "refund" }), 409, RETURN_NOT_DELIVERED);

    const delivered = await order();
    expectError(await ask(other, { orderId: delivered.id, lines: [line()], resolution: "refund" }), 404, "Pedido não encontrado");
    expectError(await ask(shopper, { orderId: delivered.id, lines: [line(3)], resolution: "refund" }), 400, /até 2 unidade/);
    expectError(
      await ask(shopper, { orderId: delivered.id, lines: [{ ...line(), size: "M" }], resolution: "refund" }),
      400,
      "Este artigo não faz parte do pedido",
    );
    expectError(await ask(shopper, { orderId: delivered.id, lines: [{ ...line(), reason: "porque sim" }], resolution: "refund" }), 400);
    expectError(await ask(shopper, { orderId: delivered.id, lines: [line()], resolution: "exchange", exchangeSize: "G" }), 409, /G já não/);

    const old = await order({ daysAgo: 8 });
    expectError(await ask(shopper, { orderId: old.id, lines: [line()], resolution: "refund" }), 409, RETURN_WINDOW_OVER);

    await t.prisma.shopSettings.update({ where: { id: 1 }, data: { returnWindowDays: 0 } });
    t.deps.shopSettings.forget();
    try {
      expectError(await ask(shopper, { orderId: delivered.id, lines: [line()], resolution: "refund" }), 409, RETURNS_OFF);
    } finally {
      await t.prisma.shopSettings.update({ where: { id: 1 }, data: { returnWindowDays: 7 } });
      t.deps.shopSettings.forget();
    }
    // Within the window, the asked units count: one now, one more later, never a third.
    expect((await ask(shopper, { orderId: delivered.id, lines: [line()], resolution: "refund" })).statusCode).toBe(201);
    expect((await ask(shopper, { orderId: delivered.id, lines: [line()], resolution: "refund" })).statusCode).toBe(201);
    expectError(await ask(shopper, { orderId: delivered.id, lines: [line()], resolution: "refund" }), 400, /todas as unidades/);
  });
});

describe("a refund, step by step", () => {
  it("shows to staff and the shopper, refuses skipped steps, restocks what came back undamaged and refunds it as paid", async () => {
    // 2 × 10 000 with a 2 000 coupon: each unit was paid 9 000.
    const o = await order({ discount: 2000 });
    const asked = await ask(shopper, { orderId: o.id, lines: [line(2, "defeito")], resolution: "refund", note: "Costura aberta" });
    expect(asked.statusCode, asked.body).toBe(201);
    const { returnId, status, success } = asked.json() as { returnId: string; status: string; success: boolean };
    expect({ success, status }).toEqual({ success: true, status: "Pedido" });

    const list = await staffApi("GET", `/returns?filter=${encodeURIComponent(JSON.stringify({ status: "Pedido" }))}`, support.auth);
    expect(list.headers["content-range"]).toMatch(/^returns \d+-\d+\/\d+$/);
    const listed = (list.json() as AdminReturn[]).find((r) => r.id === returnId)!;
    expect(listed).toMatchObject({ orderId: o.id, status: "Pedido", resolution: "refund", note: "Costura aberta", refundDue: 18_000 });
    expect(listed.allowedMoves).toEqual(["Aprovada", "Recusada"]);
    const mine = (await myOrders(shopper)).find((x) => x._id === o.id)!;
    expect(mine.returns.map((r) => [r.status, r.resolution, r.lines[0]!.quantity, r.lines[0]!.reason])).toEqual([
      ["Pedido", "refund", 2, "defeito"],
    ]);
    expect(mine.returnOffer).toBeNull();
    expect(await shopLines(o.id)).toContain(
      "Recebemos o seu pedido de devolução: 2 × Camisa de linho (tamanho P). Vamos analisá-lo e respondemos aqui.",
    );
    const alerts = await t.prisma.outboxMail.findMany({ where: { kind: "staff-return-requested", dedupeKey: { contains: returnId } } });
    expect(alerts.map((m) => m.to)).toContain(admin.email);
    expect(alerts[0]!.subject).toMatch(/^Pedido de devolução — pedido #/);

    expectError(await move(returnId, { status: "Recebida" }), 409, /siga os passos/);
    expectError(await move(returnId, { status: "Concluída" }, admin.auth), 409);
    expectError(await move(returnId, { status: "Recusada" }), 400, /motivo/);
    expect((await move(returnId, { status: "Aprovada" })).statusCode).toBe(200);
    expectError(await move(returnId, { status: "Aprovada" }), 409, "A devolução já está Aprovada");

    const stockBefore = await stockOf("P");
    const [lineId] = listed.lines.map((l) => l.id);
    expectError(await move(returnId, { status: "Recebida", lines: [{ id: lineId, receivedQuantity: 1, damagedQuantity: 2 }] }), 400);
    const received = await move(returnId, { status: "Recebida", lines: [{ id: lineId, receivedQuantity: 2, damagedQuantity: 1 }] });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf("P")).toBe(stockBefore + 1);

    // Only an admin gives money back, with the bank's reference or "por devolver".
    expectError(await move(returnId, { status: "Concluída", bankReference: "X" }), 403, REFUND_NEEDS_ADMIN);
    expectError(await move(returnId, { status: "Concluída" }, admin.auth), 400, /por devolver/);
    const spent = async () =>
      ((await staffApi("GET", `/customers/${shopper.userId}`, admin.auth)).json() as { totalSpent: number }).totalSpent;
    const spentBefore = await spent();
    const done = await move(returnId, { status: "Concluída", bankReference: "BAI-DEV-9" }, admin.auth);
    expect(done.statusCode, done.body).toBe(200);
    const concluded = done.json() as AdminReturn;
    expect(concluded.refund).toMatchObject({ amount: 18_000, bankReference: "BAI-DEV-9", status: "done" });
    expect(concluded.history.map((h) => [h.status, h.by])).toEqual([
      ["Pedido", "Ana Compradora"],
      ["Aprovada", "Suporte Teste"],
      ["Recebida", "Suporte Teste"],
      ["Concluída", "Admin Teste"],
    ]);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: o.id }, include: { refunds: true } });
    expect(row.amountRefunded.toNumber()).toBe(18_000);
    expect(row.status).toBe("Entregue");
    expect(row.refunds.map((r) => r.note)).toEqual([expect.stringMatching(/^Devolução #/)]);
    // The ledger's refund, as any: the customer's totals count it, and refund.recorded asks for its nota de crédito.
    expect(await spent()).toBe(spentBefore - 18_000);
    const told = await t.prisma.domainEvent.findMany({ where: { orderId: o.id, name: "refund.recorded" } });
    expect(told.map((e) => (e.payload as { refundId: string }).refundId)).toEqual([concluded.refund!.id]);

    const lines = await shopLines(o.id);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringContaining("A sua devolução foi aprovada."),
        "Recebemos os artigos da sua devolução. Vamos concluir o reembolso.",
        `Devolvemos ${formatKz(18_000)} (ref. BAI-DEV-9).`,
        "A sua devolução foi concluída.",
      ]),
    );
    const mails = await t.prisma.outboxMail.findMany({
      where: { kind: "return-update", to: shopper.email },
      orderBy: { createdAt: "asc" },
    });
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("aprovada"), expect.stringContaining("concluída")]),
    );
  });

  it("tells the shopper why a request was refused, and frees its units to be asked again", async () => {
    const o = await order({ quantity: 1 });
    const { returnId } = (await ask(shopper, { orderId: o.id, lines: [line()], resolution: "refund" })).json() as { returnId: string };
    expect((await move(returnId, { status: "Recusada", note: "Artigo usado" })).statusCode).toBe(200);
    expect(await shopLines(o.id)).toContain("O seu pedido de devolução foi recusado. Motivo: Artigo usado");
    expect((await myOrders(shopper)).find((x) => x._id === o.id)!.returnOffer?.lines).toEqual([
      { itemId: productId, name: "Camisa de linho", size: "P", quantity: 1, exchangeSizes: ["M", "GG"] },
    ]);
  });
});

describe("an exchange", () => {
  it("takes the new size at approval for a replacement that ships like an order, and puts the old one back when received", async () => {
    await setStock("M", 1);
    const o = await order({ quantity: 1 });
    const res = await ask(shopper, { orderId: o.id, lines: [line(1, "tamanho")], resolution: "exchange", exchangeSize: "M" });
    expect(res.statusCode, res.body).toBe(201);
    const { returnId } = res.json() as { returnId: string };

    const approved = await move(returnId, { status: "Aprovada" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stockOf("M")).toBe(0);
    const replacement = (approved.json() as AdminReturn).replacementOrder!;
    expect(replacement.status).toBe("Pagamento Confirmado");
    const copy = await t.prisma.order.findUniqueOrThrow({ where: { id: replacement.id }, include: { lines: true } });
    expect(copy).toMatchObject({ userId: shopper.userId, paid: true, totalAmount: new Prisma.Decimal(0) });
    expect(copy.lines.map((l) => [l.size, l.quantity, l.reserved])).toEqual([["M", 1, true]]);
    // It ships like any order.
    for (const status of ["Enviado", "Entregue"]) {
      const moved = await staffApi("PUT", `/orders/${replacement.id}`, support.auth, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }

    const stockP = await stockOf("P");
    expect((await move(returnId, { status: "Recebida" })).statusCode).toBe(200);
    expect(await stockOf("P")).toBe(stockP + 1);
    // Support may conclude an exchange: no money moves.
    expect((await move(returnId, { status: "Concluída" })).statusCode).toBe(200);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).amountRefunded.toNumber()).toBe(0);
    expect(await shopLines(o.id)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`reservámos o tamanho M para si, que segue como o pedido #`),
        "A sua troca foi concluída.",
      ]),
    );
  });

  it("is refused at approval when the new size ran out meanwhile", async () => {
    await setStock("M", 1);
    const o = await order({ quantity: 1 });
    const { returnId } = (await ask(shopper, { orderId: o.id, lines: [line()], resolution: "exchange", exchangeSize: "M" })).json() as {
      returnId: string;
    };
    await setStock("M", 0);
    expectError(await move(returnId, { status: "Aprovada" }), 409, /Já não há unidades do tamanho M/);
    expect((await t.prisma.orderReturn.findUniqueOrThrow({ where: { id: returnId } })).status).toBe("Pedido");
  });
});

describe("two staff receiving the same return at once", () => {
  it("restock once: one move wins, the other is told it changed", async () => {
    const o = await order({ quantity: 2 });
    const { returnId } = (await ask(shopper, { orderId: o.id, lines: [line(2)], resolution: "refund" })).json() as { returnId: string };
    expect((await move(returnId, { status: "Aprovada" })).statusCode).toBe(200);
    const before = await stockOf("P");
    const replies = await Promise.all([move(returnId, { status: "Recebida" }), move(returnId, { status: "Recebida" }, admin.auth)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf("P")).toBe(before + 2);
  });
});
