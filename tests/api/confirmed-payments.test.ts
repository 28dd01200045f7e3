// Staff payments confirmed by the bank (issue 39, M5): a payment support records, by hand or by accepting a proof,
// is "por confirmar": in the ledger, but the order is not paid by it (nor can it reach Entregue) until a statement
// line matches it or an admin approves it (who and when kept); an admin's own payment counts at once. An order
// holding money "por confirmar" is never cancelled by its deadline; the dashboard, the Pagamentos queue and the
// shopper's orders tell what is confirmed from what awaits confirmation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pngBytes } from "./admin-fixtures.ts";
import { expireOverdueOrders, flagOverdueWithMoney } from "../../server/domain/payments/deadlines.ts";
import { formatKz } from "../../shared/money.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { DashboardStats } from "../../server/schemas/admin-common.ts";
import type { UserOrder } from "../../server/schemas/orders.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const staff = (method: "GET" | "POST" | "PUT", url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const pay = (orderId: string, payload: object, auth = support.auth) => staff("POST", `/orders/${orderId}/payments`, auth, payload);
const approve = (orderId: string, paymentId: string, auth = admin.auth) =>
  staff("POST", `/orders/${orderId}/payments/${paymentId}/approve`, auth);
const shopMessages = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);

describe("a payment support records is por confirmar", () => {
  it("does not make the order paid: the full total with an invented reference leaves it unpaid, and Entregue out of reach", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const res = await pay(order.id, { amount: total, bankReference: "INVENTADA-0001" });
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o).toMatchObject({
      status: "Aguardando Pagamento",
      paid: false,
      amountPaid: 0,
      amountUnconfirmed: total,
      paymentState: "unpaid",
    });
    expect(o.payments).toEqual([
      expect.objectContaining({ amount: total, bankReference: "INVENTADA-0001", actor: "Suporte Teste", confirmation: "pending" }),
    ]);
    expect(o.payments[0]).toMatchObject({ confirmedBy: null, confirmedAt: null, statementLine: null });

    // Neither straight to Entregue nor through Pagamento Confirmado.
    expectError(await staff("PUT", `/orders/${order.id}`, support.auth, { status: "Entregue" }), 403);
    expectError(await staff("PUT", `/orders/${order.id}`, support.auth, { status: "Pagamento Confirmado" }), 403, /aguarda confirmação/);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect([row.status, row.paid, row.amountPaid.toNumber()]).toEqual(["Aguardando Pagamento", false, 0]);
    expect(row.payments[0]).toMatchObject({ confirmedAt: null, confirmedVia: null, recordedById: support.userId });
    await t.settled();
    expect(await shopMessages(c, order.id)).toEqual([
      `Registámos ${formatKz(total)} (ref. INVENTADA-0001). Falta a confirmação do banco: avisamos assim que o pagamento for confirmado.`,
    ]);
  });

  it("counts once an admin approves it, keeping who and when; support cannot approve, and nothing is approved twice", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const paymentId = ((await pay(order.id, { amount: total, bankReference: "BAI-APROVAR-1" })).json() as AdminOrder).payments[0]!.id;
    expectError(await approve(order.id, paymentId, support.auth), 403);
    expectError(await approve(order.id, "naoexiste"), 404, "Pagamento não encontrado neste pedido");
    expectError(await approve("naoexiste", paymentId), 404, "Pedido não encontrado");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(0);

    const before = Date.now();
    const res = await approve(order.id, paymentId);
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: total, amountUnconfirmed: 0, paymentState: "paid" });
    expect(o.payments[0]).toMatchObject({ confirmation: "approval", confirmedBy: "Admin Teste" });
    expect(new Date(o.payments[0]!.confirmedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(o.history.at(-1)).toMatchObject({
      status: "Pagamento Confirmado",
      by: { id: admin.userId, name: "Admin Teste" },
      note: "Pagamento aprovado por Admin Teste",
    });
    const row = await t.prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect([row.confirmedVia, row.confirmedById]).toEqual(["approval", admin.userId]);
    expectError(await approve(order.id, paymentId), 409, "Este pagamento já está confirmado");
    await t.settled();
    expect((await shopMessages(c, order.id)).at(-1)).toBe(`Recebemos ${formatKz(total)} (ref. BAI-APROVAR-1). Pagamento confirmado.`);
    // Now paid, support moves it on as usual.
    expect((await staff("PUT", `/orders/${order.id}`, support.auth, { status: "Entregue" })).statusCode).toBe(200);
  });

  it("counts once a statement line matches it", async () => {
    const c = await registerCustomer(t.app);
    const placed = await makeOrder(t, c.userId, { paymentReference: "LJ9M4K7TQ" });
    const total = placed.totalAmount.toNumber();
    await pay(placed.id, { amount: total, bankReference: "COMPROVATIVO-77" });
    const csv = ["Data;Descritivo;Crédito", `26-11-2026;TRF LJ9M4K7TQ;${total.toFixed(2).replace(".", ",")}`].join("\n");
    const form = multipart([{ name: "file", file: { bytes: Buffer.from(csv), filename: "extrato.csv", type: "text/csv" } }]);
    const imported = await t.app.inject({
      method: "POST",
      url: "/admin/api/bank-statements",
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(imported.json()).toMatchObject({ imported: 1, matched: 1 });
    const o: AdminOrder = (await staff("GET", `/orders/${placed.id}`, support.auth)).json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: total });
    expect(o.payments).toHaveLength(1);
    expect(o.payments[0]).toMatchObject({ confirmation: "statement", statementLine: { bookedOn: "2026-11-26" } });
  });

  it("is refused approval beyond what is still owed (the money came another way)", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const pending = ((await pay(order.id, { amount: 5000, bankReference: "SUP-5000" })).json() as AdminOrder).payments[0]!.id;
    expect((await pay(order.id, { amount: total, bankReference: "ADMIN-TOTAL" }, admin.auth)).json()).toMatchObject({ paid: true });
    expectError(await approve(order.id, pending), 409, /excede o que falta pagar/);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(total);
  });

  it("from a proof too: the proof is accepted, the payment waits for the bank", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const form = multipart([
      { name: "orderId", value: order.id },
      { name: "file", file: { bytes: await pngBytes(16, 16), filename: "talao.png", type: "image/png" } },
    ]);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/order/proof",
      headers: { ...c.auth, ...form.headers },
      payload: form.payload,
    });
    const proofId = (sent.json() as { proof: { _id: string } }).proof._id;
    const res = await staff("POST", `/orders/${order.id}/proofs/${proofId}/accept`, support.auth, {
      amount: total,
      bankReference: "SUP-PROVA",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "Aguardando Pagamento", amountPaid: 0, amountUnconfirmed: total });
    expect((res.json() as AdminOrder).proofs[0]).toMatchObject({ status: "accepted" });
  });
});

describe("an admin's own payment counts at once", () => {
  it("confirms the order, recorded by the admin", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const o: AdminOrder = (await pay(order.id, { amount: total, bankReference: "ADMIN-1" }, admin.auth)).json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: total, amountUnconfirmed: 0 });
    expect(o.payments[0]).toMatchObject({ confirmation: "recorded", confirmedBy: "Admin Teste", statementLine: null });
  });
});

describe("what reads the money", () => {
  it("keeps an order holding money por confirmar past its deadline, flagged for staff, never cancelled", async () => {
    const c = await registerCustomer(t.app);
    const placed = await makeOrder(t, c.userId);
    await t.prisma.order.update({ where: { id: placed.id }, data: { paymentDeadline: new Date(Date.now() - 60_000) } });
    await pay(placed.id, { amount: 2500, bankReference: "SUP-PRAZO" });
    const now = new Date();
    expect(await expireOverdueOrders(t.prisma, now)).not.toContain(placed.id);
    await t.settled();
    expect(await flagOverdueWithMoney(t.prisma, now)).toContain(placed.id);
    await t.settled();
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: placed.id }, include: { notes: true } });
    expect(row.status).toBe("Aguardando Pagamento");
    expect(row.notes.map((n) => n.text)).toEqual([
      expect.stringContaining(`Prazo de pagamento expirado com ${formatKz(2500)} por confirmar`),
    ]);
    await t.settled();
    expect((await shopMessages(c, placed.id)).at(-1)).toBe(
      `O prazo de pagamento terminou, mas registámos ${formatKz(2500)} que aguardam a confirmação do banco. O pedido não foi cancelado: avisamos assim que o pagamento for confirmado.`,
    );
  });

  it("counts payments por confirmar on the dashboard and lists their orders in the Pagamentos queue", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const before = ((await staff("GET", "/dashboard", admin.auth)).json() as { stats: DashboardStats }).stats.unconfirmedPayments;
    await pay(order.id, { amount: 700, bankReference: "SUP-PAINEL" });
    const after = ((await staff("GET", "/dashboard", admin.auth)).json() as { stats: DashboardStats }).stats.unconfirmedPayments;
    expect(after).toBe(before + 1);
    const queue = (
      await staff(
        "GET",
        `/payments?filter=${encodeURIComponent('{"unconfirmed":true}')}&range=${encodeURIComponent("[0,999]")}`,
        support.auth,
      )
    ).json() as AdminOrder[];
    expect(queue.find((o) => o.id === order.id)).toMatchObject({ amountUnconfirmed: 700 });
    expect(queue.every((o) => o.amountUnconfirmed > 0)).toBe(true);
  });

  it("shows the shopper what is confirmed and what awaits the bank's confirmation", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await pay(order.id, { amount: 3000, bankReference: "ADMIN-PARTE" }, admin.auth);
    await pay(order.id, { amount: 1500, bankReference: "SUP-PARTE" });
    const res = await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} });
    const mine = (res.json() as { orders: UserOrder[] }).orders.find((o) => o._id === order.id)!;
    expect(mine).toMatchObject({ amountPaid: 3000, amountAwaitingConfirmation: 1500, paymentState: "partial", payment: false });
  });
});
