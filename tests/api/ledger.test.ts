// The ledger decides "paid": an unpaid order reaches a paid status only when recorded money covers it, or as an
// admin's written exception; each bank reference counts once across all orders; nothing beyond what is owed is
// recorded unless marked as an overpayment; accepting a proof links it to a payment and never adds money; pending
// proofs close when the order is paid; the shopper is told once per payment; the Multicaixa reference is withdrawn.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pngBytes } from "./admin-fixtures.ts";
import { appWithProxyPay, type ProxyPayStandin } from "../helpers/proxypay-standin.ts";
import { liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

let t: TestApp;
let proxypay: ProxyPayStandin;
let close: (() => Promise<void>) | undefined;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ({ t, proxypay, close } = await appWithProxyPay());
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => close?.());

const staff = (method: "GET" | "POST" | "PUT", url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const pay = (orderId: string, payload: object, auth = support.auth) => staff("POST", `/orders/${orderId}/payments`, auth, payload);
const shopMessages = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);
const placeWithReference = async (c: Customer) => {
  const { orderId } = (await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth)).json() as {
    orderId: string;
  };
  return t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
};
const sendProof = (c: Customer, orderId: string) => {
  const form = multipart([
    { name: "orderId", value: orderId },
    { name: "file", file: { bytes: pngBytesSync, filename: "talao.png", type: "image/png" } },
  ]);
  return t.app.inject({ method: "POST", url: "/api/order/proof", headers: { ...c.auth, ...form.headers }, payload: form.payload });
};
let pngBytesSync: Buffer;
beforeAll(async () => {
  pngBytesSync = await pngBytes(64, 64);
});

describe("the ledger decides paid", () => {
  it("refuses support's paid move on an unpaid order; nothing changes, nobody is told", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expectError(await staff("PUT", `/orders/${order.id}`, support.auth, { status: "Pagamento Confirmado" }), 403, /registe o pagamento/);
    const partly = await pay(order.id, { amount: 1000, bankReference: "BAI-PARTE-1" });
    expect(partly.statusCode, partly.body).toBe(200);
    expectError(await staff("PUT", `/orders/${order.id}`, support.auth, { status: "Pagamento Confirmado" }), 403);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.paid, row.paidException]).toEqual(["Aguardando Pagamento", false, null]);
    // Support's payment waits for the bank's confirmation (issue 39): the shopper is told it was registered.
    await t.settled();
    expect(await shopMessages(c, order.id)).toEqual([
      `Registámos ${formatKz(1000)} (ref. BAI-PARTE-1). Falta a confirmação do banco: avisamos assim que o pagamento for confirmado.`,
    ]);
  });

  it("lets an admin confirm without money only with a written reason, shown as such on the order and in history", async () => {
    const c = await registerCustomer(t.app);
    const order = await placeWithReference(c);
    expectError(await staff("PUT", `/orders/${order.id}`, admin.auth, { status: "Pagamento Confirmado" }), 409, /indique o motivo/);
    expectError(await staff("PUT", `/orders/${order.id}`, admin.auth, { status: "Pagamento Confirmado", reason: "  " }), 409);
    const res = await staff("PUT", `/orders/${order.id}`, admin.auth, {
      status: "Pagamento Confirmado",
      reason: "Pago em numerário na loja",
    });
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: 0, paidException: "Pago em numerário na loja" });
    expect(o.history.at(-1)).toMatchObject({
      status: "Pagamento Confirmado",
      by: { name: "Admin Teste" },
      note: "Confirmado sem pagamento registado: Pago em numerário na loja",
    });
    // Nothing more is to be paid by reference.
    await t.settled();
    expect(proxypay.references.get(order.multicaixaReference!)?.deleted).toBe(true);
  });

  it("confirms through money: a payment covering the total withdraws the Multicaixa reference and closes pending proofs", async () => {
    const c = await registerCustomer(t.app);
    const order = await placeWithReference(c);
    const proof = await sendProof(c, order.id);
    expect(proof.statusCode, proof.body).toBe(200);
    const res = await pay(order.id, { amount: order.totalAmount.toNumber(), bankReference: "BAI-FECHA-1" }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o).toMatchObject({ status: "Pagamento Confirmado", paid: true, paidException: null });
    expect(o.proofs.map((p) => p.status)).toEqual(["closed"]);
    await t.settled();
    expect(proxypay.references.get(order.multicaixaReference!)?.deleted).toBe(true);
  });
});

describe("each bank reference counts once", () => {
  it("refuses the same reference (any case, spaces or punctuation) on a second payment and on another order, naming the order", async () => {
    const c = await registerCustomer(t.app);
    const first = await makeOrder(t, c.userId);
    const other = await makeOrder(t, c.userId);
    expect((await pay(first.id, { amount: 100_000, bankReference: "BAI-TRF-88213" })).statusCode).toBe(200);
    const named = new RegExp(`já está registada no pedido #${shortOrderId(first.id)}`);
    expectError(await pay(first.id, { amount: 90_000, bankReference: "BAI-TRF-88213" }), 409, named);
    expectError(await pay(first.id, { amount: 90_000, bankReference: "bai trf 88213" }), 409, named);
    expectError(await pay(other.id, { amount: 90_000, bankReference: "BAITRF.88213" }, admin.auth), 409, named);
    expect(await t.prisma.payment.count({ where: { orderId: { in: [first.id, other.id] } } })).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: other.id } })).amountPaid.toNumber()).toBe(0);
  });

  it("lets only an admin record it again, with a reason that stays on the payment", async () => {
    const c = await registerCustomer(t.app);
    const first = await makeOrder(t, c.userId);
    const other = await makeOrder(t, c.userId);
    expect((await pay(first.id, { amount: 1000, bankReference: "BFA-555" })).statusCode).toBe(200);
    expectError(await pay(other.id, { amount: 1000, bankReference: "BFA-555", duplicateReason: "Transferência dividida pelo banco" }), 403);
    expectError(await pay(other.id, { amount: 1000, bankReference: "BFA-555", duplicateReason: "x" }, admin.auth), 400);
    const res = await pay(
      other.id,
      { amount: 1000, bankReference: "BFA-555", duplicateReason: "Transferência dividida pelo banco" },
      admin.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminOrder).payments[0]).toMatchObject({
      bankReference: "BFA-555",
      duplicateReason: "Transferência dividida pelo banco",
    });
  });

  it("records one of two simultaneous payments with the same reference", async () => {
    const c = await registerCustomer(t.app);
    const a = await makeOrder(t, c.userId);
    const b = await makeOrder(t, c.userId);
    const results = await Promise.all([
      pay(a.id, { amount: 500, bankReference: "SIMUL-1" }),
      pay(b.id, { amount: 500, bankReference: "simul 1" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.prisma.payment.count({ where: { bankReferenceKey: "simul1" } })).toBe(1);
  });
});

describe("overpayment", () => {
  it("refuses more than is owed unless recorded as an overpayment to refund", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    expectError(await pay(order.id, { amount: total + 1, bankReference: "OVER-1" }, admin.auth), 409, /excede o que falta pagar/);
    expect((await pay(order.id, { amount: total, bankReference: "OVER-2" }, admin.auth)).statusCode).toBe(200);
    expectError(await pay(order.id, { amount: 10, bankReference: "OVER-3" }, admin.auth), 409, /já está pago/);
    const res = await pay(order.id, { amount: 10, bankReference: "OVER-3", overpayment: true }, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o.amountPaid).toBe(total + 10);
    expect(o.payments.map((p) => p.overpayment)).toEqual([false, true]);
  });
});

describe("accepting a proof", () => {
  it("links it to a payment already recorded without adding money, and tells the shopper of that payment once", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const proof = (await sendProof(c, order.id)).json() as { proof: { _id: string } };
    const recorded = (await pay(order.id, { amount: 1000, bankReference: "LINK-1" }, admin.auth)).json() as AdminOrder;
    const paymentId = recorded.payments[0]!.id;
    expectError(await staff("POST", `/orders/${order.id}/proofs/${proof.proof._id}/accept`, support.auth, {}), 400);
    expectError(await staff("POST", `/orders/${order.id}/proofs/${proof.proof._id}/accept`, support.auth, { paymentId: "outro" }), 404);
    const res = await staff("POST", `/orders/${order.id}/proofs/${proof.proof._id}/accept`, support.auth, { paymentId });
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    expect(o.amountPaid).toBe(1000);
    expect(o.payments).toHaveLength(1);
    expect(o.proofs[0]).toMatchObject({ status: "accepted", paymentId });
    await t.settled();
    expect(await shopMessages(c, order.id)).toEqual([
      `Recebemos ${formatKz(1000)} (ref. LINK-1). Falta pagar ${formatKz(total - 1000)}.`,
      "O seu comprovativo de pagamento foi aceite.",
    ]);
  });

  it("refuses a proof's new payment whose bank reference is already recorded", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await pay(order.id, { amount: 1000, bankReference: "PROOF-DUP" }, admin.auth);
    const proof = (await sendProof(c, order.id)).json() as { proof: { _id: string } };
    expectError(
      await staff("POST", `/orders/${order.id}/proofs/${proof.proof._id}/accept`, support.auth, {
        amount: 1000,
        bankReference: "proof dup",
      }),
      409,
    );
    const row = await t.prisma.paymentProof.findUniqueOrThrow({ where: { id: proof.proof._id } });
    expect(row.status).toBe("pending");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(1000);
  });
});
