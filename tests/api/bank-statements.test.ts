// The bank statement import: the bank's export (CSV or XLSX) is read by its column names; a credit line naming an
// order's payment reference with exactly what it still owes is recorded on it through the ledger (actor "Extrato"),
// any other waits for an admin to assign or dismiss; a line is kept once however often its statement is imported;
// debits are ignored; only admins may import or handle lines; bad files are refused in Portuguese, never a 500.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pdfBytes, pngBytes } from "./admin-fixtures.ts";
import { Prisma } from "../../server/db/client.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { MAX_STATEMENT_BYTES } from "../../shared/bank-statements.ts";
import { headerSignature } from "../../server/readers/statement-table.mjs";
import type { AdminStatementLine, AdminStatementMapping, StatementImportReply } from "../../server/schemas/admin-bank-statements.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let shopper: Customer;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  shopper = await registerCustomer(t.app);
});
afterAll(async () => {
  await t.close();
});

const EXAMPLE = [
  "Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo",
  "25-11-2026;25-11-2026;TRF LJ7K2M9QX ANA SILVA;;190.000,00;1.250.000,00",
  "25-11-2026;25-11-2026;COMPRA TPA SUPERMERCADO;12.500,00;;1.060.000,00",
].join("\n");

const csv = (text: string) => Buffer.from(text, "utf8");

async function xlsx(rows: (string | number | Date | null | { formula: string })[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Extrato");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (bytes: Buffer, opts: { name?: string; type?: string; auth?: Record<string, string>; mapping?: object } = {}) => {
  const form = multipart([
    ...(opts.mapping ? [{ name: "mapping", value: JSON.stringify(opts.mapping) }] : []),
    { name: "file", file: { bytes, filename: opts.name ?? "extrato.csv", type: opts.type ?? "text/csv" } },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/admin/api/bank-statements",
    headers: { ...(opts.auth ?? admin.auth), ...form.headers },
    payload: form.payload,
  });
};

async function imported(bytes: Buffer, name?: string): Promise<StatementImportReply> {
  const res = await upload(bytes, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const staff = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });

async function lines(filter: object = {}): Promise<AdminStatementLine[]> {
  const res = await staff("GET", `/bank-statement-lines?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A bank-transfer order awaiting payment with this payment reference and total (the reference freed first). */
async function orderOwing(reference: string, total: number) {
  await t.prisma.order.updateMany({ where: { paymentReference: reference }, data: { paymentReference: null } });
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

/** As on a shop that never imported a statement (nor mapped a bank's columns). */
async function forgetStatements() {
  await t.prisma.bankStatementLine.deleteMany();
  await t.prisma.bankStatement.deleteMany();
  await t.prisma.bankStatementMapping.deleteMany();
}

const shopMessages = async (orderId: string) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: shopper.auth })).json() as {
      messages: { sender: string; text: string }[];
    }
  ).messages
    .filter((m) => m.sender === "shop")
    .map((m) => m.text);

describe("the example statement", () => {
  it("records the credit line on the order it names (CSV), ignores the debit, and records nothing twice", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QX", 190_000);
    const first = await imported(csv(EXAMPLE));
    expect(first).toMatchObject({ success: true, imported: 1, matched: 1, unmatched: 0, duplicates: 0, ignored: 1 });

    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true, statusHistory: true } });
    expect([row.status, row.paid, row.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", true, 190_000]);
    expect(row.payments).toHaveLength(1);
    expect(row.payments[0]).toMatchObject({ actor: "Extrato", recordedById: admin.userId });
    expect(row.payments[0]!.bankReference).toContain("TRF LJ7K2M9QX ANA SILVA");
    expect(row.statusHistory.at(-1)).toMatchObject({ status: "Pagamento Confirmado", note: "Pagamento registado por Extrato" });
    await t.settled();
    expect(await shopMessages(order.id)).toEqual([
      // Named by the payment reference the line carries, not the bank's whole description.
      `Recebemos ${formatKz(190_000)} (ref. LJ7K2M9QX). Pagamento confirmado.`,
    ]);

    const [line] = await lines({ state: "matched" });
    expect(line).toMatchObject({
      state: "matched",
      bookedOn: "2026-11-25",
      description: "TRF LJ7K2M9QX ANA SILVA",
      amount: 190_000,
      order: { id: order.id, shortId: shortOrderId(order.id), paymentReference: "LJ7K2M9QX" },
      paymentId: row.payments[0]!.id,
      fileName: "extrato.csv",
      importedBy: "Admin Teste",
    });

    // The same statement again: the line is known, nothing is recorded, the shopper hears nothing more.
    const again = await imported(csv(EXAMPLE));
    expect(again).toMatchObject({ imported: 0, matched: 0, unmatched: 0, duplicates: 1, ignored: 1 });
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await t.prisma.bankStatementLine.count()).toBe(1);
    await t.settled();
    expect(await shopMessages(order.id)).toHaveLength(1);
    // Both imports are kept: who, when, which file, what it gave.
    const audit = (await staff("GET", "/bank-statements")).json() as { importedBy: string; fileName: string; matched: number }[];
    expect(audit.map((s) => [s.importedBy, s.fileName, s.matched])).toEqual([
      ["Admin Teste", "extrato.csv", 0],
      ["Admin Teste", "extrato.csv", 1],
    ]);
  });

  it("reads headers in any order, comma-separated with quoted decimal commas, spaced thousands and a preamble", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QB", 29_990);
    const text = [
      "Conta: 0040 0000 1234;;;",
      "Período: 01-11-2026 a 25-11-2026;;;",
      "",
      "Nº Documento,Crédito (Kz),Descrição,Data",
      '88213,"29 990,00","transferencia lj7k2m9qb maria",24/11/2026',
      '88214,"-5 000,00","LEVANTAMENTO",24/11/2026',
      ',"1 000 000,00","Saldo final",',
    ].join("\r\n");
    expect(await imported(csv(text))).toMatchObject({ imported: 1, matched: 1, unmatched: 0, ignored: 2 });
    const payment = await t.prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    // The bank's own document number is the payment's bank reference.
    expect([payment.bankReference, payment.amount.toNumber()]).toEqual(["88213", 29_990]);
  });

  it("reads a single signed amount column (Montante): credits recorded, debits ignored", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QC", 10_000);
    const text = ["Data;Movimento;Montante", "20-11-2026;TRF LJ7K2M9QC;10.000,00", "20-11-2026;PAGAMENTO FORNECEDOR;-250.000,00"].join(
      "\n",
    );
    expect(await imported(csv(text))).toMatchObject({ imported: 1, matched: 1, ignored: 1 });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("Pagamento Confirmado");
  });
});

describe("the example statement as XLSX", () => {
  // A shop of its own: the CSV's payment holds the line's bank reference in the other one.
  let own: TestApp;
  beforeAll(async () => {
    own = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  });
  afterAll(async () => {
    await own.close();
  });

  it("reads typed date and amount cells, and knows the same movements again as the CSV", async () => {
    const owner = await createStaff(own, "admin");
    const customer = await registerCustomer(own.app);
    const placed = await makeOrder(own, customer.userId);
    const order = await own.prisma.order.update({
      where: { id: placed.id },
      data: { paymentReference: "LJ7K2M9QX", subtotal: 185_000, deliveryFee: 5000, totalAmount: 190_000 },
    });
    const day = new Date(Date.UTC(2026, 10, 25));
    const book = await xlsx([
      ["Data Movimento", "Data Valor", "Descritivo", "Débito", "Crédito", "Saldo"],
      [day, day, "TRF LJ7K2M9QX ANA SILVA", null, 190_000, 1_250_000],
      [day, day, "COMPRA TPA SUPERMERCADO", 12_500, null, 1_060_000],
    ]);
    const send = async (bytes: Buffer, name: string) => {
      const form = multipart([{ name: "file", file: { bytes, filename: name, type: "application/octet-stream" } }]);
      const res = await own.app.inject({
        method: "POST",
        url: "/admin/api/bank-statements",
        headers: { ...owner.auth, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StatementImportReply;
    };
    expect(await send(book, "extrato.xlsx")).toMatchObject({ imported: 1, matched: 1, unmatched: 0, duplicates: 0, ignored: 1 });
    const row = await own.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.paid, row.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", true, 190_000]);
    // The same movements exported as CSV are the same lines.
    expect(await send(csv(EXAMPLE), "extrato.csv")).toMatchObject({ imported: 0, matched: 0, duplicates: 1 });
    expect(await own.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe("lines that wait for staff", () => {
  it("keeps a line naming no order and one with another amount unassigned, with why", async () => {
    await forgetStatements();
    const owing = await orderOwing("LJ7K2M9QD", 190_000);
    const text = [
      "Data Movimento;Descritivo;Crédito",
      "23-11-2026;TRF JOAO MANUEL;50.000,00",
      "23-11-2026;TRF LJ7K2M9QD PARTE;100.000,00",
    ].join("\n");
    expect(await imported(csv(text))).toMatchObject({ imported: 2, matched: 0, unmatched: 2, duplicates: 0 });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: owing.id } })).amountPaid.toNumber()).toBe(0);
    const waiting = await lines({ state: "unmatched" });
    const byText = Object.fromEntries(waiting.map((l) => [l.description, l]));
    expect(byText["TRF JOAO MANUEL"]).toMatchObject({
      state: "unmatched",
      problem: expect.stringMatching(/nenhum pedido/),
      suggestedOrder: null,
    });
    expect(byText["TRF LJ7K2M9QD PARTE"]).toMatchObject({
      state: "unmatched",
      problem: `O crédito (${formatKz(100_000)}) não é o que falta pagar no pedido #${shortOrderId(owing.id)} (${formatKz(190_000)})`,
      suggestedOrder: { id: owing.id, paymentReference: "LJ7K2M9QD" },
    });
  });

  it("lets an admin assign a waiting line to an order by payment reference, short id or id, through the ledger", async () => {
    await forgetStatements();
    const exact = await orderOwing("LJ7K2M9QE", 50_000);
    const partly = await orderOwing("LJ7K2M9QF", 190_000);
    const text = ["Data Movimento;Descritivo;Crédito", "22-11-2026;TRF SEM REFERENCIA;50.000,00", "22-11-2026;TRF OUTRA;100.000,00"].join(
      "\n",
    );
    expect(await imported(csv(text))).toMatchObject({ unmatched: 2 });
    const waiting = await lines({ state: "unmatched" });
    const noRef = waiting.find((l) => l.description === "TRF SEM REFERENCIA")!;
    const other = waiting.find((l) => l.description === "TRF OUTRA")!;

    // By payment reference (any case): the money covers the order, which is confirmed and the shopper told.
    const res = await staff("POST", `/bank-statement-lines/${noRef.id}/assign`, { orderId: "lj7k2m9qe" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "assigned", order: { id: exact.id }, decidedBy: "Admin Teste", problem: null });
    const confirmed = await t.prisma.order.findUniqueOrThrow({ where: { id: exact.id }, include: { payments: true } });
    expect([confirmed.status, confirmed.amountPaid.toNumber()]).toEqual(["Pagamento Confirmado", 50_000]);
    expect(confirmed.payments[0]).toMatchObject({ actor: "Extrato (Admin Teste)", recordedById: admin.userId });
    await t.settled();
    expect((await shopMessages(exact.id)).filter((m) => m.startsWith("Recebemos"))).toHaveLength(1);

    // By short id: part of what is owed, the order still awaits the rest.
    const part = await staff("POST", `/bank-statement-lines/${other.id}/assign`, { orderId: `#${shortOrderId(partly.id)}` });
    expect(part.statusCode, part.body).toBe(200);
    const after = await t.prisma.order.findUniqueOrThrow({ where: { id: partly.id } });
    expect([after.status, after.amountPaid.toNumber()]).toEqual(["Aguardando Pagamento", 100_000]);

    // A line already handled is not handled again.
    expectError(
      await staff("POST", `/bank-statement-lines/${noRef.id}/assign`, { orderId: partly.id }),
      409,
      "Esta linha do extrato já foi tratada",
    );
    expectError(await staff("POST", `/bank-statement-lines/${noRef.id}/dismiss`, { reason: "Engano no extrato" }), 409);
    expect(await lines({ state: "unmatched" })).toEqual([]);
    expect((await lines({ state: "assigned" })).map((l) => l.description).sort()).toEqual(["TRF OUTRA", "TRF SEM REFERENCIA"]);
  });

  it("shows the ledger's refusals on assignment and leaves the line waiting", async () => {
    await forgetStatements();
    const small = await orderOwing("LJ7K2M9QG", 20_000);
    const cancelled = await orderOwing("LJ7K2M9QH", 20_000);
    await t.prisma.order.update({ where: { id: cancelled.id }, data: { status: "Cancelado" } });
    expect(await imported(csv(["Data;Descritivo;Valor", "21-11-2026;DEPOSITO BALCAO;30.000,00"].join("\n")))).toMatchObject({
      unmatched: 1,
    });
    const [line] = await lines({ state: "unmatched" });
    expectError(await staff("POST", `/bank-statement-lines/${line!.id}/assign`, { orderId: small.id }), 409, /excede o que falta pagar/);
    expectError(await staff("POST", `/bank-statement-lines/${line!.id}/assign`, { orderId: cancelled.id }), 409, /está cancelado/);
    expectError(await staff("POST", `/bank-statement-lines/${line!.id}/assign`, { orderId: "naoexiste" }), 404, "Pedido não encontrado");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: small.id } })).amountPaid.toNumber()).toBe(0);
    expect((await staff("GET", `/bank-statement-lines/${line!.id}`)).json()).toMatchObject({ state: "unmatched", order: null });
    // Marked as an overpayment to refund, it is recorded.
    const over = await staff("POST", `/bank-statement-lines/${line!.id}/assign`, { orderId: small.id, overpayment: true });
    expect(over.statusCode, over.body).toBe(200);
    const paid = await t.prisma.payment.findFirstOrThrow({ where: { orderId: small.id } });
    expect([paid.amount.toNumber(), paid.overpayment]).toEqual([30_000, true]);
  });

  it("lets an admin dismiss a line with a reason", async () => {
    await forgetStatements();
    expect(await imported(csv(["Data;Descritivo;Crédito", "21-11-2026;TRANSFERENCIA DO SOCIO;500.000,00"].join("\n")))).toMatchObject({
      unmatched: 1,
    });
    const [line] = await lines({ state: "unmatched" });
    expectError(await staff("POST", `/bank-statement-lines/${line!.id}/dismiss`, { reason: "  ok " }), 400, /pelo menos 5/);
    const res = await staff("POST", `/bank-statement-lines/${line!.id}/dismiss`, { reason: "Capital do sócio, não é venda" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "dismissed", dismissReason: "Capital do sócio, não é venda", decidedBy: "Admin Teste" });
    expectError(await staff("POST", `/bank-statement-lines/${line!.id}/assign`, { orderId: "LJ7K2M9QG" }), 409);
    expectError(
      await staff("POST", "/bank-statement-lines/naoexiste/dismiss", { reason: "Não existe esta" }),
      404,
      "Linha do extrato não encontrada",
    );
  });

  it("filters the list by state and text, and refuses an unknown state", async () => {
    expectError(await staff("GET", `/bank-statement-lines?filter=${encodeURIComponent('{"state":"pago"}')}`), 400);
    const found = await lines({ q: "socio" });
    expect(found.map((l) => l.state)).toEqual(["dismissed"]);
  });
});

describe("a line counts once", () => {
  it("keeps two identical lines of one day apart, and an overlapping statement adds only what is new", async () => {
    await forgetStatements();
    const twice = "19-11-2026;DEPOSITO NUMERARIO;10.000,00";
    const first = ["Data;Descritivo;Crédito", twice, twice, "19-11-2026;DEPOSITO NUMERARIO;7.500,00"].join("\n");
    expect(await imported(csv(first))).toMatchObject({ imported: 3, duplicates: 0 });
    // The next statement starts the same day: the day's lines again and one new.
    const overlapping = [
      "Data;Descritivo;Crédito",
      twice,
      twice,
      "19-11-2026;DEPOSITO NUMERARIO;7.500,00",
      "20-11-2026;DEPOSITO NUMERARIO;10.000,00",
    ].join("\n");
    expect(await imported(csv(overlapping))).toMatchObject({ imported: 1, duplicates: 3 });
    expect(await t.prisma.bankStatementLine.count()).toBe(4);
  });

  it("records a line once when the same statement is imported twice at the same moment", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QJ", 75_000);
    const text = ["Data;Descritivo;Crédito", "18-11-2026;TRF LJ7K2M9QJ;75.000,00", "18-11-2026;OUTRA COISA;1.000,00"].join("\n");
    const results = await Promise.all([upload(csv(text)), upload(csv(text))]);
    const bodies = results.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as StatementImportReply;
    });
    expect(bodies.reduce((n, b) => n + b.matched, 0)).toBe(1);
    expect(bodies.reduce((n, b) => n + b.imported, 0)).toBe(2);
    expect(bodies.reduce((n, b) => n + b.duplicates, 0)).toBe(2);
    expect(await t.prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await t.prisma.bankStatementLine.count()).toBe(2);
  });

  // Issue 39: the line may be that payment, so it waits in review naming it (tests/api/statement-linking.test.ts).
  it("does not record a line whose bank document a staff member already recorded on another order: it waits in review with the reason", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QK", 40_000);
    const other = await orderOwing("LJ7K2M9QM", 40_000);
    const paid = await staff("POST", `/orders/${other.id}/payments`, { amount: 40_000, bankReference: "DOC-5511" });
    expect(paid.statusCode, paid.body).toBe(200);
    const text = ["Data;Referência;Descritivo;Crédito", "17-11-2026;DOC 5511;TRF LJ7K2M9QK;40.000,00"].join("\n");
    expect(await imported(csv(text))).toMatchObject({ matched: 0, unmatched: 1 });
    const [line] = await lines({ state: "review" });
    expect(line!.problem).toMatch(new RegExp(`já está registada no pedido #${shortOrderId(other.id)}`));
    expect(line!.suggestedPayment).toMatchObject({ bankReference: "DOC-5511", amount: 40_000 });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(0);
  });
});

describe("columns a bank names otherwise", () => {
  const odd = ["Dia;Texto do movimento;Entrada;Saldo", "16-11-2026;TRF LJ7K2M9QN;12.000,00;50.000,00"].join("\n");

  it("asks which column is which (422), then imports with the admin's mapping, remembers it and says so", async () => {
    await forgetStatements();
    await orderOwing("LJ7K2M9QN", 12_000);
    const asked = await upload(csv(odd));
    expect(asked.statusCode, asked.body).toBe(422);
    expect(asked.json()).toMatchObject({
      success: false,
      needsMapping: true,
      headerRow: 0,
      columns: ["Dia", "Texto do movimento", "Entrada", "Saldo"],
      sample: [["16-11-2026", "TRF LJ7K2M9QN", "12.000,00", "50.000,00"]],
    });
    expectError(await upload(csv(odd), { mapping: { headerRow: 0, date: 0, description: 0, amount: 2 } }), 400, /colunas diferentes/);
    expectError(await upload(csv(odd), { mapping: { headerRow: 0, date: 0, description: 9, amount: 2 } }), 400);
    expectError(await upload(csv(odd), { mapping: { headerRow: 0, date: 0 } }), 400, /mapping inválido/);
    expect(await t.prisma.bankStatementMapping.count()).toBe(0);
    const mapped = await upload(csv(odd), { mapping: { headerRow: 0, date: 0, description: 1, amount: 2 } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const signature = headerSignature(["Dia", "Texto do movimento", "Entrada", "Saldo"]);
    expect(mapped.json()).toMatchObject({
      imported: 1,
      matched: 1,
      columns: {
        headerRow: 0,
        date: { column: 0, name: "Dia" },
        description: { column: 1, name: "Texto do movimento" },
        amount: { column: 2, name: "Entrada" },
        reference: null,
        mapping: { id: signature, savedBy: "Admin Teste", savedNow: true },
      },
    });
    // Who saved it and when.
    const stored = await t.prisma.bankStatementMapping.findUniqueOrThrow({ where: { signature } });
    expect([stored.savedById, stored.savedByName]).toEqual([admin.userId, "Admin Teste"]);
    // The next statement of that bank is read without asking, and shows the mapping it was read with.
    const next = ["Dia;Texto do movimento;Entrada;Saldo", "17-11-2026;DEPOSITO;3.000,00;53.000,00"].join("\n");
    const again = await imported(csv(next));
    expect(again).toMatchObject({
      imported: 1,
      unmatched: 1,
      columns: { amount: { name: "Entrada" }, mapping: { id: signature, savedNow: false } },
    });
    expect(again.columns.mapping!.savedAt).toBe(stored.createdAt.toISOString());
    // So does the list of imports.
    const [latest] = (await staff("GET", "/bank-statements")).json() as { columns: StatementImportReply["columns"] | null }[];
    expect(latest!.columns).toMatchObject({ amount: { name: "Entrada" }, mapping: { id: signature, savedBy: "Admin Teste" } });
  });

  it("never overwrites a stored mapping: another one for the same header is refused (409) until it is deleted", async () => {
    const other = await upload(csv(odd), { mapping: { headerRow: 0, date: 0, description: 1, amount: 3 } });
    expectError(other, 409, /Já existe outra correspondência guardada para este cabeçalho \(por Admin Teste em /);
    const stored = await t.prisma.bankStatementMapping.findFirstOrThrow();
    expect(stored.amountColumn).toBe(2);
    // The same mapping again is no conflict.
    const same = await upload(csv(["Dia;Texto do movimento;Entrada;Saldo", "18-11-2026;DEPOSITO;4.000,00;57.000,00"].join("\n")), {
      mapping: { headerRow: 0, date: 0, description: 1, amount: 2 },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe("mappings cannot override recognition", () => {
  // The audit's supplier payment: a 300,000 debit on a statement whose balance then reads 2,200,000.
  const supplier = [
    "Data Movimento;Descritivo;Débito;Crédito;Saldo",
    "15-11-2026;PAGAMENTO FORNECEDOR LJ7K2M9QP;300.000,00;;2.200.000,00",
  ].join("\n");
  const header = ["Data Movimento", "Descritivo", "Débito", "Crédito", "Saldo"];

  it("refuses a mapping for a header the shop recognises (the balance as the credit): nothing stored, nothing paid", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QP", 2_200_000);
    const poisoned = await upload(csv(supplier), { mapping: { headerRow: 0, date: 0, description: 1, amount: 4 } });
    expectError(poisoned, 400, /já são reconhecidas pelos nomes/);
    expect(await t.prisma.bankStatementMapping.count()).toBe(0);
    expect(await t.prisma.bankStatement.count()).toBe(0);
    // Read by its names, the debit is no credit.
    expect(await imported(csv(supplier))).toMatchObject({
      imported: 0,
      matched: 0,
      ignored: 1,
      columns: { amount: { name: "Crédito" }, mapping: null },
    });
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.amountPaid.toNumber()]).toEqual(["Aguardando Pagamento", 0]);
  });

  it("ignores a mapping stored for a recognised header before the rule, and lists it as ignored", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QP", 2_200_000);
    await t.prisma.bankStatementMapping.create({
      data: {
        signature: headerSignature(header),
        headers: header,
        dateColumn: 0,
        descriptionColumn: 1,
        amountColumn: 4,
        referenceColumn: null,
        savedById: admin.userId,
        savedByName: "Admin Teste",
      },
    });
    expect(await imported(csv(supplier))).toMatchObject({ imported: 0, matched: 0, ignored: 1, columns: { mapping: null } });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toNumber()).toBe(0);
    const listed = (await staff("GET", "/bank-statement-mappings")).json() as AdminStatementMapping[];
    expect(listed).toMatchObject([{ id: headerSignature(header), amount: { column: 4, name: "Saldo" }, ignored: true }]);
  });
});

describe("admins list and delete mappings", () => {
  const odd = ["Dia;Texto;Entrada;Nº", "14-11-2026;DEPOSITO;1.000,00;77"].join("\n");
  let id: string;
  beforeAll(async () => {
    await forgetStatements();
    const res = await upload(csv(odd), { mapping: { headerRow: 0, date: 0, description: 1, amount: 2, reference: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    id = (res.json() as StatementImportReply).columns.mapping!.id;
  });

  it("lists each mapping with its header, columns, who saved it and when", async () => {
    const res = await staff("GET", "/bank-statement-mappings");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-range"]).toBe("bank-statement-mappings 0-0/1");
    const stored = await t.prisma.bankStatementMapping.findUniqueOrThrow({ where: { signature: id } });
    expect(res.json()).toEqual([
      {
        id,
        headers: ["Dia", "Texto", "Entrada", "Nº"],
        date: { column: 0, name: "Dia" },
        description: { column: 1, name: "Texto" },
        amount: { column: 2, name: "Entrada" },
        reference: { column: 3, name: "Nº" },
        savedBy: "Admin Teste",
        savedAt: stored.createdAt.toISOString(),
        ignored: false,
      },
    ]);
  });

  it("deletes one only with the admin's own password; the next statement of that bank asks again", async () => {
    expectError(
      await staff("DELETE", `/bank-statement-mappings/${id}`, {}),
      403,
      "Confirme a sua palavra-passe para apagar uma correspondência de colunas",
    );
    expectError(await staff("DELETE", `/bank-statement-mappings/${id}`, { currentPassword: "nao-e-a-senha-1" }), 403);
    expect(await t.prisma.bankStatementMapping.count()).toBe(1);
    const deleted = await staff("DELETE", `/bank-statement-mappings/${id}`, { currentPassword: admin.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id, amount: { name: "Entrada" } });
    expect((await staff("GET", "/bank-statement-mappings")).json()).toEqual([]);
    expectError(await staff("DELETE", `/bank-statement-mappings/${id}`, { currentPassword: admin.password }), 404);
    const asked = await upload(csv(odd.replace("14-11-2026", "15-11-2026")));
    expect(asked.statusCode, asked.body).toBe(422);
  });

  it("refuses support, shoppers and anonymous callers before reading the body", async () => {
    for (const [auth, status] of [
      [support.auth, 403],
      [shopper.auth, 403],
      [{}, 401],
    ] as const) {
      expectError(await staff("GET", "/bank-statement-mappings", undefined, auth), status);
      // A body that would not even validate gets the auth answer; a right password does not help support.
      expectError(await staff("DELETE", `/bank-statement-mappings/${id}`, { nope: 1 }, auth), status);
      expectError(await staff("DELETE", `/bank-statement-mappings/${id}`, { currentPassword: support.password }, auth), status);
    }
  });
});

describe("a statement of 10,000 lines (the documented maximum)", () => {
  it("imports every line in batches, outside one long transaction, and still records the line that pays an order", async () => {
    await forgetStatements();
    const order = await orderOwing("LJ7K2M9QR", 33_000);
    const rows = Array.from({ length: 9_999 }, (_, i) => `24-11-2026;TRF CLIENTE ${i};${1000 + i},00`);
    const text = ["Data;Descritivo;Crédito", ...rows, "24-11-2026;TRF LJ7K2M9QR MARIA;33.000,00"].join("\n");
    const res = await upload(csv(text));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 10_000, matched: 1, unmatched: 9_999, duplicates: 0, ignored: 0 });
    expect(await t.prisma.bankStatementLine.count()).toBe(10_000);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("Pagamento Confirmado");
    // Again: every line is known.
    expect(await imported(csv(text))).toMatchObject({ imported: 0, duplicates: 10_000 });
  }, 180_000);
});

describe("who may import and handle lines", () => {
  it("refuses support, shoppers and anonymous callers before reading the body", async () => {
    const form = multipart([{ name: "file", file: { bytes: csv(EXAMPLE), filename: "extrato.csv", type: "text/csv" } }]);
    for (const [auth, status] of [
      [support.auth, 403],
      [shopper.auth, 403],
      [{}, 401],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/admin/api/bank-statements",
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expectError(res, status);
      expectError(await staff("GET", "/bank-statement-lines", undefined, auth), status);
      expectError(await staff("GET", "/bank-statements", undefined, auth), status);
      // An invalid body still gets the auth answer, not a validation one.
      expectError(await staff("POST", "/bank-statement-lines/x/assign", { nope: 1 }, auth), status);
      expectError(await staff("POST", "/bank-statement-lines/x/dismiss", {}, auth), status);
    }
  });
});

describe("files that are not a statement", () => {
  it("refuses garbage, images, PDFs, old Excel files and empty files with a Portuguese 400", async () => {
    const random = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
    expectError(await upload(random), 400, /não é um extrato em CSV ou XLSX/);
    expectError(await upload(await pngBytes(8, 8), { name: "extrato.png", type: "image/png" }), 400, /não é um extrato/);
    expectError(await upload(pdfBytes(), { name: "extrato.pdf", type: "application/pdf" }), 400, /PDF não é lido/);
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4000)]);
    expectError(await upload(cfb, { name: "extrato.xls", type: "application/vnd.ms-excel" }), 400);
    expectError(await upload(Buffer.alloc(0)), 400);
    expectError(await upload(csv("apenas uma linha de texto sem colunas\noutra linha")), 400, /não é um extrato/);
    const book = await xlsx([["Data", "Descritivo", "Crédito"]]);
    expectError(await upload(book.subarray(0, Math.floor(book.length / 2)), { name: "extrato.xlsx" }), 400);
  });

  it("refuses a file over 5 MB and one with too many rows with a 413", async () => {
    const huge = Buffer.alloc(MAX_STATEMENT_BYTES + 1024, "25-11-2026;TRF;1.000,00\n");
    expectError(await upload(huge), 413, /máximo 5 MB/);
    const rows = ["Data;Descritivo;Crédito", ...Array.from({ length: 10_100 }, (_, i) => `25-11-2026;TRF ${i};1.000,00`)].join("\n");
    expectError(await upload(csv(rows)), 413, /mais de 10\u00a0000 linhas/);
  });

  it("refuses formulas (CSV text or XLSX cells) and unreadable dates or amounts, naming the row", async () => {
    const formula = ["Data;Descritivo;Crédito", '25-11-2026;=HYPERLINK("http://x","clique");1.000,00'].join("\n");
    expectError(await upload(csv(formula)), 400, /fórmula na linha 2/);
    // The same behind a zero-width space, a bidi override or a byte-order mark, or written full-width: a
    // spreadsheet drops or folds those and runs the formula.
    for (const hidden of ['\u200B=HYPERLINK("http://x","clique")', "\u202E@SUM(A1)", "\uFEFF+cmd|' /C calc'!A0", "＝1+1"])
      expectError(await upload(csv(["Data;Descritivo;Crédito", `25-11-2026;${hidden};1.000,00`].join("\n"))), 400, /fórmula na linha 2/);
    expectError(
      await upload(
        await xlsx([
          ["Data", "Descritivo", "Crédito"],
          ["25-11-2026", '\u200B=HYPERLINK("http://x","clique")', 1000],
        ]),
        {
          name: "extrato.xlsx",
        },
      ),
      400,
      /fórmula na linha 2/,
    );
    expectError(await upload(csv(["Data;Descritivo;Crédito", "25-11-2026;@SUM(A1);1.000,00"].join("\n"))), 400, /fórmula/);
    const book = await xlsx([
      ["Data", "Descritivo", "Crédito"],
      ["25-11-2026", "TRF", { formula: "1000*190" }],
    ]);
    expectError(await upload(book, { name: "extrato.xlsx" }), 400, /fórmula na linha 2/);
    expectError(await upload(csv(["Data;Descritivo;Crédito", "31-02-2026;TRF;1.000,00"].join("\n"))), 400, /data da linha 2/);
    expectError(await upload(csv(["Data;Descritivo;Crédito", "25-11-2026;TRF;mil kwanzas"].join("\n"))), 400, /crédito da linha 2/);
  });
});
