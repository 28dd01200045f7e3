// Proofs of payment. The shopper sends one for their own bank-transfer order awaiting payment (image
// or PDF, sniffed like chat attachments); it appears in the order's chat; a PDF's text gives staff hints; staff
// accept it (recording the payment) or refuse it with a reason the shopper sees; the Pagamentos queue lists them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pngBytes } from "./admin-fixtures.ts";
import { pdfWithText, pdfWithoutText } from "../helpers/tiny-pdf.ts";
import { formatKz } from "../../shared/money.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

const SHOP_IBAN = "AO06004000001234567810142";

let t: TestApp;
let support: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  support = await createStaff(t, "support");
  admin = await createStaff(t, "admin");
  await t.prisma.shopSettings.upsert({
    where: { id: 1 },
    create: { id: 1, phones: [], emails: [], addresses: [], bankName: "BAI", accountHolder: "Loja", accountNumber: "1", iban: SHOP_IBAN },
    update: { iban: SHOP_IBAN },
  });
  t.deps.shopSettings.forget(); // placement keeps the settings in memory
});
afterAll(() => t.close());

const sendProof = (c: Customer, orderId: string, file?: { bytes: Buffer; filename: string; type: string }) => {
  const form = multipart([{ name: "orderId", value: orderId }, ...(file ? [{ name: "file", file }] : [])]);
  return t.app.inject({ method: "POST", url: "/api/order/proof", headers: { ...c.auth, ...form.headers }, payload: form.payload });
};
const staffApi = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: support.auth, ...(payload ? { payload } : {}) });
const messagesOf = async (c: Customer, orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: c.auth })).json() as {
      messages: { sender: string; text: string; type: string | null }[];
    }
  ).messages;
const pdf = (lines: string[]) => ({ bytes: pdfWithText(lines), filename: "comprovativo.pdf", type: "application/pdf" });

describe("POST /api/order/proof", () => {
  it("keeps a PDF proof with hints, shows it in the chat and in userorders", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const res = await sendProof(
      c,
      order.id,
      pdf(["Transferência BAI", `Montante: ${formatKz(total)}`, `IBAN destino: AO06 0040 0000 1234 5678 1014 2`]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { proof } = res.json() as { proof: Record<string, unknown> };
    expect(proof).toMatchObject({ type: "pdf", fileName: "comprovativo.pdf", status: "pending", reason: null });
    expect((await t.app.inject({ method: "GET", url: proof.url as string })).headers["content-type"]).toBe("application/pdf");
    await t.settled();
    expect((await messagesOf(c, order.id)).map((m) => [m.sender, m.text, m.type])).toEqual([
      ["client", "Comprovativo de pagamento", "pdf"],
    ]);
    const mine = (
      (await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} })).json() as {
        orders: { _id: string; proofs: unknown[] }[];
      }
    ).orders.find((o) => o._id === order.id)!;
    expect(mine.proofs).toEqual([proof]);
    const staff: AdminOrder = (await staffApi("GET", `/orders/${order.id}`)).json();
    expect(staff.proofs).toEqual([
      expect.objectContaining({
        id: proof._id,
        status: "pending",
        hints: { amountFound: total, amountMatches: true, ibanFound: SHOP_IBAN, ibanMatches: true },
        decidedBy: null,
      }),
    ]);
    expect(staff.unread).toBe(1);
  });

  it("gives no hints for an image or a PDF without text, and mismatching hints for another amount and IBAN", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await sendProof(c, order.id, { bytes: await pngBytes(40, 40), filename: "foto.png", type: "image/png" });
    await sendProof(c, order.id, { bytes: pdfWithoutText(), filename: "scan.pdf", type: "application/pdf" });
    await sendProof(c, order.id, pdf(["Montante: 1 000,00 kz", "IBAN: AO06 0040 0000 1234 5678 1015 5"]));
    const staff: AdminOrder = (await staffApi("GET", `/orders/${order.id}`)).json();
    expect(staff.proofs.map((p) => [p.type, p.hints?.amountMatches ?? null, p.hints?.ibanMatches ?? null])).toEqual([
      ["image", null, null],
      ["pdf", null, null],
      ["pdf", false, false],
    ]);
    expect(staff.proofs[2]!.hints!.amountFound).toBe(1000);
  });

  it("is for the owner's bank-transfer order awaiting payment only; files are sniffed", async () => {
    const [c, other] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const order = await makeOrder(t, c.userId);
    const file = pdf(["Montante 10"]);
    expectError(await sendProof(other, order.id, file), 404, "Pedido não encontrado");
    expectError(await sendProof(c, "naoexiste", file), 404, "Pedido não encontrado");
    const sent = await makeOrder(t, c.userId, { status: "Enviado" });
    expectError(await sendProof(c, sent.id, file), 409, "Este pedido já não aguarda pagamento");
    expectError(await sendProof(c, order.id, { bytes: Buffer.from("isto não é um pdf"), filename: "x.pdf", type: "application/pdf" }), 415);
    expectError(await sendProof(c, order.id), 400);
    expectError(await t.app.inject({ method: "POST", url: "/api/order/proof", payload: {} }), 401);
    expect(await t.prisma.paymentProof.count({ where: { orderId: { in: [order.id, sent.id] } } })).toBe(0);
  });
});

describe("staff decisions and the Pagamentos queue", () => {
  it("accepts a proof with the payment's details: proof accepted, payment recorded por confirmar until an admin approves it, shopper told", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const total = order.totalAmount.toNumber();
    const { proof } = (await sendProof(c, order.id, pdf(["Montante"]))).json() as { proof: { _id: string } };
    const res = await staffApi("POST", `/orders/${order.id}/proofs/${proof._id}/accept`, { amount: total, bankReference: "BAI-1" });
    expect(res.statusCode, res.body).toBe(200);
    const o: AdminOrder = res.json();
    // A proof is the shopper's word: support's payment waits for the statement or an admin (issue 39).
    expect(o).toMatchObject({ status: "Aguardando Pagamento", paid: false, paymentState: "unpaid", amountUnconfirmed: total });
    expect(o.proofs[0]).toMatchObject({ status: "accepted", decidedBy: { id: support.userId, name: "Suporte Teste" } });
    expect(o.payments).toHaveLength(1);
    const approved = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/payments/${o.payments[0]!.id}/approve`,
      headers: admin.auth,
    });
    expect(approved.json()).toMatchObject({ status: "Pagamento Confirmado", paid: true, paymentState: "paid" });
    await t.settled();
    expect((await messagesOf(c, order.id)).filter((m) => m.sender === "shop").map((m) => m.text)).toEqual([
      `O seu comprovativo de pagamento foi aceite. Registámos ${formatKz(total)} (ref. BAI-1). Falta a confirmação do banco: avisamos assim que o pagamento for confirmado.`,
      `Recebemos ${formatKz(total)} (ref. BAI-1). Pagamento confirmado.`,
    ]);
    expectError(
      await staffApi("POST", `/orders/${order.id}/proofs/${proof._id}/accept`, { amount: total, bankReference: "BAI-1" }),
      409,
      "Este comprovativo já foi decidido",
    );
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("refuses a proof with a reason the shopper sees; a decided proof cannot be decided again", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const { proof } = (await sendProof(c, order.id, pdf(["Montante"]))).json() as { proof: { _id: string } };
    expectError(await staffApi("POST", `/orders/${order.id}/proofs/${proof._id}/refuse`, { reason: "ok" }), 400);
    const res = await staffApi("POST", `/orders/${order.id}/proofs/${proof._id}/refuse`, { reason: "O valor não corresponde" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminOrder).status).toBe("Aguardando Pagamento");
    const mine = (
      (await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} })).json() as {
        orders: { _id: string; proofs: { status: string; reason: string }[] }[];
      }
    ).orders.find((o) => o._id === order.id)!;
    expect(mine.proofs[0]).toMatchObject({ status: "refused", reason: "O valor não corresponde" });
    await t.settled();
    expect((await messagesOf(c, order.id)).at(-1)).toMatchObject({
      sender: "shop",
      text: "O seu comprovativo de pagamento foi recusado. Motivo: O valor não corresponde",
    });
    expectError(await staffApi("POST", `/orders/${order.id}/proofs/${proof._id}/accept`, { amount: 1, bankReference: "X" }), 409);
    expectError(
      await staffApi("POST", `/orders/${order.id}/proofs/naoexiste/refuse`, { reason: "Motivo qualquer" }),
      404,
      "Comprovativo não encontrado",
    );
  });

  it("lists bank-transfer orders awaiting payment by deadline, and those with a pending proof", async () => {
    const c = await registerCustomer(t.app);
    const later = await makeOrder(t, c.userId);
    const sooner = await makeOrder(t, c.userId);
    const done = await makeOrder(t, c.userId, { status: "Entregue" });
    const now = Date.now();
    await t.prisma.order.update({
      where: { id: later.id },
      data: { paymentDeadline: new Date(now + 1000 * 3_600_000), paymentReference: "LJLATER22" },
    });
    await t.prisma.order.update({ where: { id: sooner.id }, data: { paymentDeadline: new Date(now - 1000 * 3_600_000) } });
    await sendProof(c, later.id, pdf(["Montante"]));
    const res = await staffApi("GET", "/payments?range=[0,999]");
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as AdminOrder[]).map((o) => o.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(done.id);
    expect(res.headers["content-range"]).toMatch(/^payments 0-\d+\/\d+$/);
    const withProof = (
      await staffApi("GET", `/payments?range=[0,999]&filter=${encodeURIComponent('{"hasProof":true}')}`)
    ).json() as AdminOrder[];
    expect(withProof.map((o) => o.id)).toContain(later.id);
    expect(withProof.map((o) => o.id)).not.toContain(sooner.id);
    expect(withProof.find((o) => o.id === later.id)).toMatchObject({
      paymentReference: "LJLATER22",
      paymentState: "unpaid",
      proofs: [expect.objectContaining({ status: "pending" })],
    });
    expectError(await t.app.inject({ method: "GET", url: "/admin/api/payments", headers: c.auth }), 403);
  });
});
