// The accountant's CSV exports (docs/product/staff-api.md#exports): admin only; UTF-8 with a BOM, `;`-separated,
// amounts with two decimals, dates in Luanda; the range's Luanda days decide which rows are in; awkward fields are
// quoted and formulas defused; the file matches the orders and payments stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { buildTestApp, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { expectError } from "./admin-fixtures.ts";
import { createOrder } from "./chat-fixtures.ts";
import { reportCsv } from "../../server/domain/reports/exports.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
const orderIds: string[] = [];

/** An order placed at `at` (UTC) by a shopper named `name`, with its money. */
async function placedAt(name: string, at: string, money: { subtotal: string; fee: string; paid?: string }) {
  const user = await t.prisma.user.create({ data: { name, email: uniqueEmail("contabilidade") }, select: { id: true } });
  const id = await createOrder(t.prisma, user.id);
  const total = (Number(money.subtotal) + Number(money.fee)).toFixed(2);
  await t.prisma.order.update({
    where: { id },
    data: {
      createdAt: new Date(at),
      subtotal: money.subtotal,
      deliveryFee: money.fee,
      totalAmount: total,
      amountPaid: money.paid ?? "0",
      status: money.paid ? "Pagamento Confirmado" : "Aguardando Pagamento",
    },
  });
  orderIds.push(id);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  // 23:30 UTC on 1 March is 00:30 on 2 March in Luanda.
  const first = await placedAt("Ana; Maria", "2025-03-01T23:30:00Z", { subtotal: "12500.5", fee: "2000", paid: "14500.5" });
  await placedAt('Bento "Kota"\nSegunda linha', "2025-03-02T10:00:00Z", { subtotal: "1000", fee: "0" });
  await placedAt('=HYPERLINK("http://mal.exemplo")', "2025-03-03T22:59:00Z", { subtotal: "300", fee: "50" });
  await placedAt("Fora do período", "2025-03-03T23:00:00Z", { subtotal: "1", fee: "0" });
  await t.prisma.payment.create({
    data: {
      orderId: first,
      amount: "14500.5",
      bankReference: "+TRF 001",
      receivedAt: new Date("2025-03-02T08:15:00Z"),
      actor: "Admin Teste",
      note: "-10% combinado",
      confirmedAt: new Date("2025-03-02T08:15:00Z"),
      confirmedVia: "recorded",
      confirmedById: admin.userId,
    },
  });
  await t.prisma.payment.create({
    data: { orderId: first, amount: "10", bankReference: "@fora", receivedAt: new Date("2025-03-04T08:15:00Z"), actor: "Admin Teste" },
  });
});
afterAll(() => t.close());

const get = (path: string, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "GET", url: `/admin/api/reports/${path}`, headers: auth });
const rows = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ""), { delimiter: ";", relax_column_count: false });

describe("CSV exports", () => {
  it("exports the orders of a range of Luanda days: BOM, `;`, two decimals, Luanda times, quoted fields, no formulas", async () => {
    const res = await get("orders.csv?from=2025-03-02&to=2025-03-03");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="pedidos-2025-03-02-a-2025-03-03.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...data] = rows(res.body);
    expect(header).toEqual([
      "Pedido",
      "ID do pedido",
      "Data",
      "Cliente",
      "E-mail",
      "Estado",
      "Pagamento",
      "Subtotal",
      "Taxa de envio",
      "Total",
      "Pago",
      "Reembolsado",
      "Pedidos de pagamento",
    ]);
    expect(data.map((r) => r[1])).toEqual(orderIds.slice(0, 3));
    expect(data[0]).toMatchObject({
      2: "02/03/2025 00:30",
      3: "Ana; Maria",
      5: "Pagamento Confirmado",
      6: "Transferência bancária",
      7: "12500,50",
      8: "2000,00",
      9: "14500,50",
      10: "14500,50",
      11: "0,00",
    });
    expect(data[1]![3]).toBe('Bento "Kota"\nSegunda linha');
    expect(data[2]).toMatchObject({ 2: "03/03/2025 23:59", 3: '\'=HYPERLINK("http://mal.exemplo")', 9: "350,00" });
    // Quoted as CSV quotes: the field with `;`, the one with quotes and a line break.
    expect(res.body).toContain('"Ana; Maria"');
    expect(res.body).toContain('"Bento ""Kota""\nSegunda linha"');
    // The totals add up to the orders stored for those days.
    const stored = await t.prisma.order.aggregate({
      where: { id: { in: orderIds.slice(0, 3) } },
      _sum: { totalAmount: true },
    });
    const exported = data.reduce((sum, r) => sum + Number(r[9]!.replace(",", ".")), 0);
    expect(exported.toFixed(2)).toBe(stored._sum.totalAmount!.toFixed(2));
  });

  it("exports the payments received in the range, with the order, who recorded them and how they were confirmed", async () => {
    const res = await get("payments.csv?from=2025-03-01&to=2025-03-03");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="pagamentos-2025-03-01-a-2025-03-03.csv"');
    const [header, ...data] = rows(res.body);
    expect(header).toEqual([
      "Data de receção",
      "Pedido",
      "ID do pedido",
      "Cliente",
      "Montante",
      "Referência",
      "Registado por",
      "Excedente",
      "Nota",
      "Confirmação",
      "Linha do extrato",
    ]);
    expect(data).toHaveLength(1);
    expect(data[0]).toEqual([
      "02/03/2025 09:15",
      orderIds[0]!.slice(-6).toUpperCase(),
      orderIds[0],
      "Ana; Maria",
      "14500,50",
      "'+TRF 001",
      "Admin Teste",
      "Não",
      "'-10% combinado",
      "Registado por um administrador (Admin Teste)",
      "",
    ]);
  });

  it("escapes what hides a formula: a zero-width space, a bidi mark, a full-width sign, spaces before it", async () => {
    const hidden = ['\u200b=HYPERLINK("http://mal.exemplo")', "\u202e+1+1", "\uff1d1+1", " \u00a0@SUM(1)", "\t=1+1"];
    const ids = [];
    for (const [i, name] of hidden.entries()) ids.push(await placedAt(name, `2025-05-0${i + 1}T10:00:00Z`, { subtotal: "100", fee: "0" }));
    const res = await get("orders.csv?from=2025-05-01&to=2025-05-31");
    expect(res.statusCode, res.body).toBe(200);
    const data = rows(res.body).slice(1);
    expect(data.map((r) => r[1])).toEqual(ids);
    expect(data.map((r) => r[3])).toEqual(hidden.map((name) => `'${name}`));
  });

  it("reads the rows a page at a time, in order, without losing or repeating one", async () => {
    let text = "";
    for await (const chunk of reportCsv(t.prisma, "orders", "2025-03-01", "2025-03-03", 1)) text += String(chunk);
    expect(
      rows(text)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(orderIds.slice(0, 3));
  });

  it("answers an empty range with the header alone", async () => {
    const res = await get("orders.csv?from=2020-01-01&to=2020-01-31");
    expect(res.statusCode).toBe(200);
    expect(rows(res.body)).toHaveLength(1);
  });

  it("is for admins: a guest gets 401, support 403, and bad ranges 400", async () => {
    expectError(await get("orders.csv?from=2025-03-01&to=2025-03-03", {}), 401);
    expectError(await get("payments.csv?from=2025-03-01&to=2025-03-03", {}), 401);
    expectError(await get("orders.csv?from=2025-03-01&to=2025-03-03", support.auth), 403);
    expectError(await get("payments.csv?from=2025-03-01&to=2025-03-03", support.auth), 403);
    expectError(await get("orders.csv?from=2025-03-01"), 400);
    expectError(await get("orders.csv?from=01/03/2025&to=2025-03-03"), 400);
    expectError(await get("orders.csv?from=2025-02-30&to=2025-03-03"), 400, "Datas inválidas: use o formato AAAA-MM-DD");
    expectError(await get("orders.csv?from=2025-03-03&to=2025-03-01"), 400, "A data final não pode ser anterior à data inicial");
    expectError(await get("orders.csv?from=2024-01-01&to=2025-03-01"), 400, "Exporte no máximo 366 dias de cada vez");
    expect((await get("orders.csv?from=2024-03-02&to=2025-03-01")).statusCode).toBe(200);
  });
});
