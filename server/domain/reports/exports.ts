// The accountant's CSV exports (docs/product/staff-api.md#exports): orders placed and payments received over a range
// of Luanda days, as spreadsheets in Portuguese settings open them: UTF-8 with a BOM, `;` between fields, amounts
// with two decimals and a decimal comma, dates and times in Luanda. csv-stringify quotes fields holding `;`,
// quotes or line breaks; every text goes through shared/spreadsheet.ts's one rule (the console's exports use it
// too), which prefixes with ' a field a spreadsheet could run as a formula, zero-width and full-width tricks
// included. Rows are read a page at a time and streamed: a year of orders never sits in memory.
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/client.ts";
import { LUANDA_OFFSET_MS } from "../../../shared/dashboard.ts";
import { PAYMENT_METHOD_LABELS, shortOrderId, type PaymentMethod } from "../../../shared/orders.ts";
import { SPREADSHEET_CSV, spreadsheetCell } from "../../../shared/spreadsheet.ts";
import { AppError } from "../errors.ts";
import { reportsRepository, type PageCursor } from "./repository.ts";

/** The longest range one export covers (a year, leap or not). */
export const MAX_REPORT_DAYS = 366;
const PAGE = 2_000;
const DAY_MS = 86_400_000;

export type ReportKind = "orders" | "payments";

/** Two decimals with a decimal comma, no grouping: "12500,00". */
const amount = (value: { toFixed(decimals: number): string }) => value.toFixed(2).replace(".", ",");

/** "25/11/2026 14:30" in Luanda (UTC+1 all year). */
function luandaDateTime(date: Date): string {
  const luanda = new Date(date.getTime() + LUANDA_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(luanda.getUTCDate())}/${two(luanda.getUTCMonth() + 1)}/${luanda.getUTCFullYear()} ${two(luanda.getUTCHours())}:${two(luanda.getUTCMinutes())}`;
}

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
];

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
    ];
}

/** The export as a stream of CSV text (checked first: a bad range throws before a byte is sent). */
export function reportCsv(db: Db, kind: ReportKind, from: string, to: string, page = PAGE): Readable {
  const { start, end } = reportRange(from, to);
  const records = kind === "orders" ? orderRecords(db, start, end, page) : paymentRecords(db, start, end, page);
  const csv = stringify({
    ...SPREADSHEET_CSV,
    header: true,
    columns: kind === "orders" ? ORDER_COLUMNS : PAYMENT_COLUMNS,
    cast: { string: spreadsheetCell },
  });
  // A database error midway ends the download cut short (the browser reports it failed), never a partial file as whole.
  pipeline(Readable.from(records), csv, () => undefined);
  return csv;
}

/** The file's name: "encomendas-2026-11-01-a-2026-11-30.csv". */
export const reportFileName = (kind: ReportKind, from: string, to: string) =>
  `${kind === "orders" ? "encomendas" : "pagamentos"}-${from}-a-${to}.csv`;
