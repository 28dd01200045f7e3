// The accountant's CSV exports (docs/product/staff-api.md#exports): orders placed and payments received over a range
// of Luanda days, and the payments staff recorded that no bank statement line confirmed after some days, as
// spreadsheets in Portuguese settings open them: UTF-8 with a BOM, `;` between fields, amounts
// with two decimals and a decimal comma, dates and times in Luanda. csv-stringify quotes fields holding `;`,
// quotes or line breaks; every text goes through shared/spreadsheet.ts's one rule (the console's exports use it
// too), which prefixes with ' a field a spreadsheet could run as a formula, zero-width and full-width tricks
// included. Rows are read a page at a time and streamed: a year of orders never sits in memory.
import { formatDateTime } from "../../../shared/dates.ts";
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/client.ts";
import { LUANDA_OFFSET_MS, type ReportKind } from "../../../shared/dashboard.ts";
import { PAYMENT_METHOD_LABELS, shortOrderId, type PaymentMethod } from "../../../shared/orders.ts";
import { PAYMENT_CONFIRMATION_LABELS, type PaymentConfirmation } from "../../../shared/payments.ts";
import { MAX_UNLINKED_DAYS } from "../../../shared/bank-statements.ts";
import { SPREADSHEET_CSV, spreadsheetCell } from "../../../shared/spreadsheet.ts";
import { AppError } from "../errors.ts";
import { reportsRepository, type PageCursor, type PaymentReportRow } from "./repository.ts";

/** The longest range one export covers (a year, leap or not). */
export const MAX_REPORT_DAYS = 366;
const PAGE = 2_000;
const DAY_MS = 86_400_000;

/** Two decimals with a decimal comma, no grouping: "12500,00". */
const amount = (value: { toFixed(decimals: number): string }) => value.toFixed(2).replace(".", ",");

/** "25/11/2026 14:30" in Luanda: the shop's one date format (shared/dates.ts). */
const luandaDateTime = (date: Date): string => formatDateTime(date);

/** The first instant of a Luanda day "YYYY-MM-DD"; null when it is no calendar day. */
function luandaMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return new Date(utc - LUANDA_OFFSET_MS);
}

/** [from's first instant, the instant after to's last) for the Luanda days `from` to `to`, both included. */
export function reportRange(from: string, to: string): { start: Date; end: Date } {
  const start = luandaMidnight(from);
  const last = luandaMidnight(to);
  if (!start || !last) throw new AppError(400, "Datas inválidas: use o formato AAAA-MM-DD");
  if (last < start) throw new AppError(400, "A data final não pode ser anterior à data inicial");
  if ((last.getTime() - start.getTime()) / DAY_MS + 1 > MAX_REPORT_DAYS)
    throw new AppError(400, `Exporte no máximo ${MAX_REPORT_DAYS} dias de cada vez`);
  return { start, end: new Date(last.getTime() + DAY_MS) };
}

const ORDER_COLUMNS = [
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
  // What paid payment requests added to the total (docs/product/payment-requests.md).
  "Pedidos de pagamento",
];
const PAYMENT_COLUMNS = [
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
];
const UNLINKED_COLUMNS = [
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
];

/** "Confirmado pelo extrato", "Aprovado por um administrador (Ana)", "Por confirmar". */
function confirmationText(p: Pick<PaymentReportRow, "confirmedVia" | "confirmedBy">): string {
  const via = (p.confirmedVia ?? "pending") as PaymentConfirmation;
  const label = PAYMENT_CONFIRMATION_LABELS[via] ?? p.confirmedVia ?? "";
  return p.confirmedBy && (via === "approval" || via === "recorded") ? `${label} (${p.confirmedBy})` : label;
}

/** "25/11/2026" for a statement day "2026-11-25". */
const statementDay = (day: string | null) => (day ? day.split("-").reverse().join("/") : "");

/** Every row `read` answers, a page at a time, each page after the last row of the previous one. */
async function* paged<Row>(read: (cursor?: PageCursor) => Promise<Row[]>, cursorOf: (row: Row) => PageCursor, page: number) {
  let cursor: PageCursor | undefined;
  for (;;) {
    const rows = await read(cursor);
    yield* rows;
    if (rows.length < page) return;
    cursor = cursorOf(rows.at(-1)!);
  }
}

async function* orderRecords(db: Db, start: Date, end: Date, page: number): AsyncGenerator<string[]> {
  const repo = reportsRepository(db);
  const rows = paged(
    (cursor) => repo.orders(start, end, page, cursor),
    (o) => ({ at: o.createdAt, id: o.id }),
    page,
  );
  for await (const o of rows)
    yield [
      shortOrderId(o.id),
      o.id,
      luandaDateTime(o.createdAt),
      o.customerName,
      o.email ?? "",
      o.status,
      PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod,
      amount(o.subtotal),
      amount(o.deliveryFee),
      amount(o.totalAmount),
      amount(o.amountPaid),
      amount(o.amountRefunded),
      amount(o.extras),
    ];
}

async function* paymentRecords(db: Db, start: Date, end: Date, page: number): AsyncGenerator<string[]> {
  const repo = reportsRepository(db);
  const rows = paged(
    (cursor) => repo.payments(start, end, page, cursor),
    (p) => ({ at: p.receivedAt, id: p.id }),
    page,
  );
  for await (const p of rows)
    yield [
      luandaDateTime(p.receivedAt),
      shortOrderId(p.orderId),
      p.orderId,
      p.customerName,
      amount(p.amount),
      p.bankReference,
      p.actor,
      p.overpayment ? "Sim" : "Não",
      p.note ?? "",
      confirmationText(p),
      statementDay(p.statementDay),
    ];
}

async function* unlinkedRecords(db: Db, before: Date, now: Date, page: number): AsyncGenerator<string[]> {
  const repo = reportsRepository(db);
  const rows = paged(
    (cursor) => repo.unlinkedPayments(before, page, cursor),
    (p) => ({ at: p.receivedAt, id: p.id }),
    page,
  );
  for await (const p of rows)
    yield [
      luandaDateTime(p.receivedAt),
      String(Math.floor((now.getTime() - p.receivedAt.getTime()) / DAY_MS)),
      shortOrderId(p.orderId),
      p.orderId,
      p.orderStatus,
      p.customerName,
      amount(p.amount),
      p.bankReference,
      p.actor,
      confirmationText(p),
      p.note ?? "",
    ];
}

/** Whole days 1–365, as the unlinked-payments report takes them. */
export function unlinkedDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > MAX_UNLINKED_DAYS)
    throw new AppError(400, `Indique um número inteiro de dias entre 1 e ${MAX_UNLINKED_DAYS}`);
  return days;
}

/**
 * The payments staff recorded (by hand, from a proof) that no statement line confirmed `days` after they were
 * received, oldest first (docs/product/staff-api.md#exports): the transfers the bank has not shown.
 */
export function unlinkedPaymentsCsv(db: Db, days: number, now = new Date(), page = PAGE): Readable {
  const before = new Date(now.getTime() - unlinkedDays(days) * DAY_MS);
  return csvStream(unlinkedRecords(db, before, now, page), UNLINKED_COLUMNS);
}

/** Records as a CSV stream in the exports' format (BOM, `;`, CRLF, formulas escaped). */
function csvStream(records: AsyncGenerator<string[]>, columns: string[]): Readable {
  const csv = stringify({
    ...SPREADSHEET_CSV,
    header: true,
    columns,
    cast: { string: spreadsheetCell },
  });
  // A database error midway ends the download cut short (the browser reports it failed), never a partial file as whole.
  pipeline(Readable.from(records), csv, () => undefined);
  return csv;
}

/** The export as a stream of CSV text (checked first: a bad range throws before a byte is sent). */
export function reportCsv(db: Db, kind: ReportKind, from: string, to: string, page = PAGE): Readable {
  const { start, end } = reportRange(from, to);
  return kind === "orders"
    ? csvStream(orderRecords(db, start, end, page), ORDER_COLUMNS)
    : csvStream(paymentRecords(db, start, end, page), PAYMENT_COLUMNS);
}

/** "pagamentos-sem-extrato-3-dias-2026-11-30.csv" (the day in Luanda). */
export const unlinkedFileName = (days: number, now = new Date()) =>
  `pagamentos-sem-extrato-${days}-dias-${new Date(now.getTime() + LUANDA_OFFSET_MS).toISOString().slice(0, 10)}.csv`;
