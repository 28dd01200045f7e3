// Each transfer counts once (issue 39, H2): a statement line is linked to at most one payment. A payment staff
// recorded by hand or from a proof is confirmed by its statement line when that line arrives (no new money); a line
// is never recorded as new money on an order holding payments no line confirmed yet: it waits in review, naming the
// payment it may be, until an admin links it ("é o mesmo pagamento") or records it as another payment. The payments
// no line confirmed after N days are listed in a CSV report.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pngBytes } from "./admin-fixtures.ts";
import { Prisma } from "../../server/db/client.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { AdminStatementLine, StatementImportReply } from "../../server/schemas/admin-bank-statements.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let shopper: Customer;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  shopper = await registerCustomer(t.app);
  png = await pngBytes(32, 32);
});
afterAll(() => t.close());

const staff = (method: "GET" | "POST", url: string, payload?: object, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });

const upload = (text: string) => {
  const form = multipart([{ name: "file", file: { bytes: Buffer.from(text, "utf8"), filename: "extrato.csv", type: "text/csv" } }]);
  return t.app.inject({
    method: "POST",
    url: "/admin/api/bank-statements",
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
};
async function imported(text: string): Promise<StatementImportReply> {
  const res = await upload(text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const statement = (...rows: string[]) => ["Data Movimento;Referência;Descritivo;Crédito", ...rows].join("\n");

/** A bank-transfer order awaiting payment with its own payment reference and this total. */
let references = 0;
async function orderOwing(total: number) {
  const reference = `LJ${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[references % 31]}${"ABCDEFGHJKMNPQRSTUVWXYZ"[Math.floor(references / 31) % 23]}QXZ9A`;
  references++;
  const order = await makeOrder(t, shopper.userId);
  return t.prisma.order.update({
    where: { id: order.id },
    data: {
      paymentReference: reference,
      subtotal: new Prisma.Decimal(total - 5000),
      deliveryFee: new Prisma.Decimal(5000),
      totalAmount: new Prisma.Decimal(total),
    },
  });
}

const order = async (id: string): Promise<AdminOrder> => (await staff("GET", `/orders/${id}`)).json();
const pay = (orderId: string, payload: object, auth: Record<string, string>) => staff("POST", `/orders/${orderId}/payments`, payload, auth);
const lineOf = async (description: string): Promise<AdminStatementLine> => {
  const found = await t.prisma.bankStatementLine.findFirstOrThrow({ where: { description }, select: { id: true } });
  return (await staff("GET", `/bank-statement-lines/${found.id}`)).json();
};
const shopMessages = async (orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: shopper.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);

async function sendProof(orderId: string): Promise<string> {
  const form = multipart([
    { name: "orderId", value: orderId },
    { name: "file", file: { bytes: png, filename: "comprovativo.png", type: "image/png" } },
  ]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/proof",
    headers: { ...shopper.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { proof: { _id: string } }).proof._id;
}

describe("the audit's proof: one transfer of 12 000 kz on an order of 24 000 kz", () => {
  it("support accepts the proof as a part payment; the statement's line of that transfer confirms it and the order stays unpaid", async () => {
    const placed = await orderOwing(24_000);
    const proofId = await sendProof(placed.id);
    // Support accepts it with the sending bank's own number (not the number the shop's bank gives the credit).
    const accepted = await staff(
      "POST",
      `/orders/${placed.id}/proofs/${proofId}/accept`,
      { amount: 12_000, bankReference: "BFA-ENVIO-771203" },
      support.auth,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const result = await imported(statement(`26-11-2026;88231;TRF ${placed.paymentReference} JOAO;12.000,00`));
    expect(result).toMatchObject({ imported: 1, matched: 1, unmatched: 0 });

    const after = await order(placed.id);
    expect(after).toMatchObject({ status: "Aguardando Pagamento", paid: false, amountPaid: 12_000, amountUnconfirmed: 0 });
    expect(after.paymentState).toBe("partial");
    // One payment: the line confirmed the one support recorded, it did not add another.
    expect(after.payments).toHaveLength(1);
    const line = await lineOf(`TRF ${placed.paymentReference} JOAO`);
    expect(line).toMatchObject({ state: "linked", paymentId: after.payments[0]!.id, order: { id: placed.id } });
    expect(line.payment).toMatchObject({ amount: 12_000, bankReference: "BFA-ENVIO-771203", confirmed: true });
    expect(after.payments[0]).toMatchObject({
      bankReference: "BFA-ENVIO-771203",
      confirmation: "statement",
      confirmedBy: "Admin Teste",
      statementLine: { id: line.id, bookedOn: "2026-11-26" },
    });
    expect(await t.prisma.payment.count({ where: { orderId: placed.id } })).toBe(1);
    await t.settled();
    expect(await shopMessages(placed.id)).toEqual([
      `O seu comprovativo de pagamento foi aceite. Registámos ${formatKz(12_000)} (ref. BFA-ENVIO-771203). Falta a confirmação do banco: avisamos assim que o pagamento for confirmado.`,
      `Recebemos ${formatKz(12_000)} (ref. BFA-ENVIO-771203). Falta pagar ${formatKz(12_000)}.`,
    ]);
    // The same statement again changes nothing.
    expect(await imported(statement(`26-11-2026;88231;TRF ${placed.paymentReference} JOAO;12.000,00`))).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
    expect((await order(placed.id)).amountPaid).toBe(12_000);
  });

  it("an admin's own part payment counts at once; its line links to it instead of counting it again", async () => {
    const placed = await orderOwing(24_000);
    expect((await pay(placed.id, { amount: 12_000, bankReference: "BAI-ENVIO-5521" }, admin.auth)).json()).toMatchObject({
      amountPaid: 12_000,
    });
    // What the order still owes is exactly the line's amount: the import used to count it as "the rest".
    expect(await imported(statement(`26-11-2026;99120;TRF ${placed.paymentReference} MARIA;12.000,00`))).toMatchObject({
      matched: 1,
    });
    const after = await order(placed.id);
    expect(after).toMatchObject({ status: "Aguardando Pagamento", paid: false, amountPaid: 12_000 });
    expect(after.payments.map((p) => [p.bankReference, p.confirmation, p.statementLine !== null])).toEqual([
      ["BAI-ENVIO-5521", "recorded", true],
    ]);
    expect((await lineOf(`TRF ${placed.paymentReference} MARIA`)).state).toBe("linked");
  });
});

describe("a line that may be a payment already recorded waits in review", () => {
  it("is never recorded on an order holding money without a line, even for exactly the rest; an admin records it only as another payment", async () => {
    const placed = await orderOwing(24_000);
    const recorded = (await pay(placed.id, { amount: 10_000, bankReference: "BAI-MAO-1" }, admin.auth)).json() as AdminOrder;
    expect(await imported(statement(`25-11-2026;;TRF ${placed.paymentReference} RESTO;14.000,00`))).toMatchObject({
      matched: 0,
      unmatched: 1,
    });
    const line = await lineOf(`TRF ${placed.paymentReference} RESTO`);
    expect(line).toMatchObject({
      state: "review",
      suggestedOrder: { id: placed.id },
      suggestedPayment: { id: recorded.payments[0]!.id, amount: 10_000, bankReference: "BAI-MAO-1", confirmed: true },
      problem: `O pedido #${shortOrderId(placed.id)} tem ${formatKz(10_000)} (ref. BAI-MAO-1, registado por Admin Teste) sem linha do extrato: pode ser o mesmo pagamento`,
    });
    expect((await order(placed.id)).amountPaid).toBe(10_000);
    expect((await lines({ state: "review" })).map((l) => l.id)).toContain(line.id);

    // Not the same amount: it cannot be linked to that payment.
    expectError(
      await staff("POST", `/bank-statement-lines/${line.id}/link`, { paymentId: recorded.payments[0]!.id }),
      409,
      /não é o valor/,
    );
    // Recorded as new money only when the admin says it is another payment.
    expectError(await staff("POST", `/bank-statement-lines/${line.id}/assign`, { orderId: placed.id }), 409, /sem linha do extrato/);
    const assigned = await staff("POST", `/bank-statement-lines/${line.id}/assign`, { orderId: placed.id, newPayment: true });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ state: "assigned", decidedBy: "Admin Teste" });
    expect(await order(placed.id)).toMatchObject({ status: "Pagamento Confirmado", amountPaid: 24_000 });
  });

  it("asks which when the order holds two payments of the line's amount; the admin links it to one, which then counts", async () => {
    const placed = await orderOwing(30_000);
    for (const reference of ["SUP-A-1", "SUP-B-2"])
      expect((await pay(placed.id, { amount: 15_000, bankReference: reference }, support.auth)).statusCode).toBe(200);
    expect(await order(placed.id)).toMatchObject({ amountPaid: 0, amountUnconfirmed: 30_000 });
    await imported(statement(`24-11-2026;;TRF ${placed.paymentReference} UM;15.000,00`));
    const line = await lineOf(`TRF ${placed.paymentReference} UM`);
    expect(line.state).toBe("review");
    expect(line.problem).toMatch(/2 pagamentos de .* sem linha do extrato/);

    const [first, second] = (await order(placed.id)).payments;
    expectError(await staff("POST", `/bank-statement-lines/${line.id}/link`, { paymentId: second!.id }, support.auth), 403);
    const linked = await staff("POST", `/bank-statement-lines/${line.id}/link`, { paymentId: second!.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ state: "linked", paymentId: second!.id, decidedBy: "Admin Teste", payment: { confirmed: true } });
    const after = await order(placed.id);
    expect(after).toMatchObject({ amountPaid: 15_000, amountUnconfirmed: 15_000, status: "Aguardando Pagamento" });
    expect(after.payments.map((p) => [p.id, p.confirmation])).toEqual([
      [first!.id, "pending"],
      [second!.id, "statement"],
    ]);
    await t.settled();
    expect((await shopMessages(placed.id)).at(-1)).toBe(`Recebemos ${formatKz(15_000)} (ref. SUP-B-2). Falta pagar ${formatKz(15_000)}.`);

    // The next line of that amount is the other one: linked by the import itself, and the order is paid.
    await imported(statement(`25-11-2026;;TRF ${placed.paymentReference} DOIS;15.000,00`));
    expect((await lineOf(`TRF ${placed.paymentReference} DOIS`)).state).toBe("linked");
    expect(await order(placed.id)).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: 30_000, amountUnconfirmed: 0 });
    // A payment has one line: linking another line to it is refused, and a line handled is handled once.
    await imported(statement(`26-11-2026;;DEPOSITO 15 MIL;15.000,00`));
    const third = await lineOf("DEPOSITO 15 MIL");
    expectError(await staff("POST", `/bank-statement-lines/${third.id}/link`, { paymentId: second!.id }), 409, /já está ligado/);
    expectError(await staff("POST", `/bank-statement-lines/${line.id}/link`, { paymentId: first!.id }), 409, /já foi tratada/);
    expectError(await staff("POST", `/bank-statement-lines/${third.id}/link`, { paymentId: "naoexiste" }), 404);
  });

  it("links a line to the payment holding its bank reference, even when its description names no order", async () => {
    const placed = await orderOwing(40_000);
    expect((await pay(placed.id, { amount: 40_000, bankReference: "DOC-5512" }, support.auth)).json()).toMatchObject({
      status: "Aguardando Pagamento",
      amountUnconfirmed: 40_000,
    });
    expect(await imported(statement("17-11-2026;DOC 5512;TRF SEM DESCRITIVO;40.000,00"))).toMatchObject({ matched: 1 });
    expect((await lineOf("TRF SEM DESCRITIVO")).state).toBe("linked");
    expect(await order(placed.id)).toMatchObject({ status: "Pagamento Confirmado", paid: true, amountPaid: 40_000 });
  });

  it("never links to a payment service's payment", async () => {
    const placed = await orderOwing(8_000);
    const multicaixa = await t.prisma.payment.create({
      data: {
        orderId: placed.id,
        amount: new Prisma.Decimal(8_000),
        bankReference: "Multicaixa 123456789",
        receivedAt: new Date(),
        actor: "Multicaixa",
        externalId: `mc-${placed.id}`,
        confirmedAt: new Date(),
        confirmedVia: "service",
      },
    });
    await imported(statement(`23-11-2026;;LIQUIDACAO EMIS ${placed.id.slice(-6)};8.000,00`));
    const line = await lineOf(`LIQUIDACAO EMIS ${placed.id.slice(-6)}`);
    expect(line.state).toBe("unmatched");
    expectError(await staff("POST", `/bank-statement-lines/${line.id}/link`, { paymentId: multicaixa.id }), 409, /serviço de pagamento/);
  });
});

async function lines(filter: object): Promise<AdminStatementLine[]> {
  const res = await staff("GET", `/bank-statement-lines?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("at the same moment", () => {
  it("two statements holding two transfers for one order: one confirms support's payment, the other is recorded; never three", async () => {
    const placed = await orderOwing(24_000);
    expect((await pay(placed.id, { amount: 12_000, bankReference: "SUP-PARTE-9" }, support.auth)).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      upload(statement(`20-11-2026;;TRF ${placed.paymentReference} PRIMEIRA;12.000,00`)),
      upload(statement(`21-11-2026;;TRF ${placed.paymentReference} SEGUNDA;12.000,00`)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const states = [
      (await lineOf(`TRF ${placed.paymentReference} PRIMEIRA`)).state,
      (await lineOf(`TRF ${placed.paymentReference} SEGUNDA`)).state,
    ].sort();
    expect(states).toEqual(["linked", "matched"]);
    expect(await order(placed.id)).toMatchObject({ status: "Pagamento Confirmado", amountPaid: 24_000, amountUnconfirmed: 0 });
    expect(await t.prisma.payment.count({ where: { orderId: placed.id } })).toBe(2);
  });

  it("two admins linking two lines to one payment: one wins, the other is refused", async () => {
    const placed = await orderOwing(9_000);
    const paid = (await pay(placed.id, { amount: 9_000, bankReference: "SUP-CORRIDA-1" }, support.auth)).json() as AdminOrder;
    await imported(statement("19-11-2026;;CORRIDA UM;9.000,00", "19-11-2026;;CORRIDA DOIS;9.000,00"));
    const [one, two] = [await lineOf("CORRIDA UM"), await lineOf("CORRIDA DOIS")];
    const results = await Promise.all([
      staff("POST", `/bank-statement-lines/${one.id}/link`, { paymentId: paid.payments[0]!.id }),
      staff("POST", `/bank-statement-lines/${two.id}/link`, { paymentId: paid.payments[0]!.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await order(placed.id)).toMatchObject({ amountPaid: 9_000, status: "Pagamento Confirmado" });
    expect(await t.prisma.bankStatementLine.count({ where: { paymentId: paid.payments[0]!.id } })).toBe(1);
  });
});

describe("GET /admin/api/reports/unlinked-payments.csv", () => {
  it("lists the payments staff recorded that no statement line confirmed after N days, oldest first", async () => {
    const placed = await orderOwing(50_000);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await pay(placed.id, { amount: 1_000, bankReference: "VELHO-SUPORTE", receivedAt: days(6) }, support.auth);
    await pay(placed.id, { amount: 2_000, bankReference: "VELHO-ADMIN", receivedAt: days(5) }, admin.auth);
    await pay(placed.id, { amount: 3_000, bankReference: "RECENTE", receivedAt: days(1) }, admin.auth);
    const linkedOld = (await pay(placed.id, { amount: 4_000, bankReference: "VELHO-LIGADO", receivedAt: days(7) }, admin.auth)).json();
    await imported(statement(`18-11-2026;VELHO LIGADO;TRF ${placed.paymentReference} LIGADO;4.000,00`));
    expect((linkedOld as AdminOrder).payments.find((p) => p.bankReference === "VELHO-LIGADO")).toBeTruthy();
    expect((await lineOf(`TRF ${placed.paymentReference} LIGADO`)).state).toBe("linked");

    const res = await staff("GET", "/reports/unlinked-payments.csv?days=3");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/pagamentos-sem-extrato-3-dias-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((r) => r.split(";"));
    expect(rows[0]).toEqual([
      "Data de receção",
      "Dias sem extrato",
      "Pedido",
      "ID do pedido",
      "Estado do pedido",
      "Cliente",
      "Montante",
      "Referência",
      "Registado por",
      "Confirmação",
      "Nota",
    ]);
    const mine = rows.filter((r) => r[3] === placed.id);
    expect(mine.map((r) => [r[1], r[6], r[7], r[8], r[9]])).toEqual([
      ["6", "1000,00", "VELHO-SUPORTE", "Suporte Teste", "Por confirmar"],
      ["5", "2000,00", "VELHO-ADMIN", "Admin Teste", "Registado por um administrador (Admin Teste)"],
    ]);
    expect((await staff("GET", "/reports/unlinked-payments.csv?days=0")).statusCode).toBe(400);
    expect((await staff("GET", "/reports/unlinked-payments.csv?days=3", undefined, support.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/reports/unlinked-payments.csv" })).statusCode).toBe(401);
  });
});

describe("suggestions for a waiting line (docs/product/console.md#extrato-admins)", () => {
  const candidates = async (lineId: string, auth = admin.auth) =>
    staff("GET", `/bank-statement-lines/${lineId}/candidates`, undefined, auth);

  it("offers the order the line names first, then one owing exactly its amount; and an order already paid by hand holding a payment of that amount, by the buyer's name", async () => {
    const named = await orderOwing(40_000);
    const owing = await orderOwing(31_337);
    // Paid by hand: an admin recorded the whole 18 211 kz with no statement line yet.
    const byHand = await orderOwing(18_211);
    await t.prisma.order.update({
      where: { id: byHand.id },
      data: { address: { ...(byHand.address as object), firstName: "Beatriz", lastName: "Kiala Domingos" } },
    });
    expect((await pay(byHand.id, { amount: 18_211, bankReference: "BAI-MAO-18211" }, admin.auth)).statusCode).toBe(200);

    await imported(
      statement(`27-11-2026;;TRF ${named.paymentReference} MARIA;31.337,00`, `27-11-2026;;TRANSFERENCIA BEATRIZ KIALA;18.211,00`),
    );
    const first = await lineOf(`TRF ${named.paymentReference} MARIA`);
    expect(first.state).toBe("unmatched");
    const offered = await candidates(first.id);
    expect(offered.statusCode, offered.body).toBe(200);
    const list = offered.json() as { order: { id: string; shortId: string }; reasons: string[]; totalAmount: number; amountPaid: number }[];
    expect(list.slice(0, 2).map((c) => [c.order.id, c.reasons])).toEqual([
      [named.id, ["reference"]],
      [owing.id, ["amount"]],
    ]);
    expect(list[1]).toMatchObject({ order: { shortId: shortOrderId(owing.id) }, totalAmount: 31_337, amountPaid: 0 });

    const second = await lineOf("TRANSFERENCIA BEATRIZ KIALA");
    const [paidByHand] = (await candidates(second.id)).json() as {
      order: { id: string };
      reasons: string[];
      payments: { id: string; bankReference: string }[];
    }[];
    expect(paidByHand).toMatchObject({
      order: { id: byHand.id },
      reasons: ["payment", "name"],
      payments: [{ bankReference: "BAI-MAO-18211" }],
    });
    // "É o pagamento já registado": linked, no new money; a decided line has nothing more to suggest.
    const linked = await staff("POST", `/bank-statement-lines/${second.id}/link`, { paymentId: paidByHand!.payments[0]!.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await order(byHand.id)).amountPaid).toBe(18_211);
    expect((await candidates(second.id)).json()).toEqual([]);

    expect((await candidates(first.id, support.auth)).statusCode).toBe(403);
    await expectError(await candidates("nao-existe"), 404, "Linha do extrato não encontrada");
  });
});
