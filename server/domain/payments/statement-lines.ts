// What a bank statement's rows mean (docs/design/money.md#bank-statement-import): each credit line's date,
// description, reference and amount, and the line's identity, so the same line imported again (the same file, or an
// overlapping period) is recognised. Pure functions over the table the reader gives (its header row and columns are
// found in the reader's worker: server/readers/statement-table.mjs); the recording is bank-statements.ts's.
import { createHash } from "node:crypto";
import { cellIsFormula } from "../../../shared/spreadsheet.ts";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parseKwanza } from "../../../shared/kwanza-input.ts";
import { MAX_AMOUNT, formatKz } from "../../../shared/money.ts";
import type { TableCell as StatementCell, TableRow } from "../../readers/statement-reader.ts";
import { AppError } from "../errors.ts";
import { PAYMENT_REFERENCE_ALPHABET } from "./payment-reference.ts";

/** A description is kept to this length (no bank writes a longer one). */
const MAX_DESCRIPTION_CHARS = 500;

const text = (cell: StatementCell): string => (cell === null ? "" : String(cell).trim());

// Dates as exports write them: 25-11-2026, 25/11/2026, 25.11.26, 2026-11-25 (a time after it is ignored), an
// XLSX date cell (the worker gives "2026-11-25") or an Excel day number.
const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;
const YMD = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const isoDate = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2099 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
};

/** The day a movement was booked, "YYYY-MM-DD"; null when the cell is not a date. */
export function parseStatementDate(cell: StatementCell): string | null {
  if (typeof cell === "number") {
    // Excel's day numbers for 2000-01-01 … 2099-12-31.
    if (!Number.isFinite(cell) || cell < 36_526 || cell > 73_050) return null;
    return new Date(EXCEL_EPOCH + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const first = text(cell).split(/[\sT]/)[0] ?? "";
  const dmy = DMY.exec(first);
  if (dmy) {
    const year = dmy[3]!.length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
    return isoDate(year, Number(dmy[2]), Number(dmy[1]));
  }
  const ymd = YMD.exec(first);
  return ymd ? isoDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3])) : null;
}

/**
 * A signed amount in kwanza as exports write it: "190.000,00", "190 000,00", "-12.500,00", "12.500,00-",
 * "(12.500,00)", "Kz 1.000", or an XLSX number. `undefined` for an empty cell, null when unreadable. The digits
 * themselves are read by the console's own kwanza rule (shared/kwanza-input.ts).
 */
export function parseStatementAmount(cell: StatementCell): number | null | undefined {
  if (cell === null) return undefined;
  if (typeof cell === "number") return Number.isFinite(cell) ? Math.round(cell * 100) / 100 : null;
  let s = cell.trim().replace(/[\u00a0\u202f]/g, " ");
  if (!s) return undefined;
  let negative = false;
  s = s
    .replace(/^(kz|aoa|akz)\.?\s*/i, "")
    .replace(/\s*(kz|aoa|akz)\.?$/i, "")
    .trim();
  if (/^\(.*\)$/.test(s)) [negative, s] = [true, s.slice(1, -1).trim()];
  if (s.startsWith("-")) [negative, s] = [true, s.slice(1).trim()];
  else if (s.startsWith("+")) s = s.slice(1).trim();
  else if (s.endsWith("-")) [negative, s] = [true, s.slice(0, -1).trim()];
  if (/^0+([.,]0+)?$/.test(s)) return 0;
  const value = parseKwanza(s);
  if (value === null) return null;
  return negative ? -value : value;
}

/**
 * What a spreadsheet would run as a formula (or a hand-edited file's injection): never in a bank's export. The one
 * rule of shared/spreadsheet.ts, on the text as it shows (so "\u200B=HYPERLINK(…)" and a full-width "＝" are caught
 * like "=HYPERLINK(…)"); a signed amount is data.
 */
export const looksLikeFormula = (cell: StatementCell): boolean => typeof cell === "string" && cellIsFormula(cell);

/** Text as kept and shown: one line, no control or bidi characters, no run of spaces. */
const cleanText = (value: string): string =>
  value
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A credit line of the statement, with its identity. */
export interface StatementLine {
  /** Its row in the file, from 1, as a spreadsheet numbers it. */
  rowNumber: number;
  bookedOn: string;
  description: string;
  reference: string | null;
  amount: number;
  /** Which of the file's identical lines (same day, amount, description, reference) this is, from 1. */
  occurrence: number;
  key: string;
  /** The payment references its description and reference name (paymentReferencesIn), read with the line. */
  references: string[];
}

interface ReadLines {
  lines: StatementLine[];
  /** Rows that are not credits: debits, zero amounts, totals and balances, empty rows. */
  ignored: number;
}

const sameLine = (l: Pick<StatementLine, "bookedOn" | "amount" | "description" | "reference">) =>
  [l.bookedOn, Math.round(l.amount * 100), l.description.toUpperCase(), (l.reference ?? "").toUpperCase()].join("\u001f");

/**
 * Rows read between two turns of the event loop: a 10 000-row statement took ~200 ms of the server's thread at once
 * (with its payment references ~250 ms); 100 rows take a few milliseconds.
 */
const ROWS_PER_TURN = 100;

/**
 * The credit lines of the table's rows. A row without a date is not a movement (totals, balances, notes); a row with
 * a date that cannot be read, or a credit that cannot be read, refuses the file (naming the row) rather than
 * leaving money out; so does anything a spreadsheet would run as a formula. Other requests are served between
 * every ROWS_PER_TURN rows.
 */
export async function statementLines(rows: readonly TableRow[]): Promise<ReadLines> {
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  let ignored = 0;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const { rowNumber } = row;
    const formula = [row.date, row.description, row.amount, row.reference].find(looksLikeFormula);
    if (formula !== undefined)
      throw new AppError(
        400,
        `O extrato tem uma fórmula na linha ${rowNumber} («${cleanText(String(formula)).slice(0, 40)}»): importe o ficheiro tal como o banco o exporta`,
      );
    if (text(row.date) === "") {
      ignored++;
      continue;
    }
    const bookedOn = parseStatementDate(row.date);
    if (!bookedOn) {
      if (row.summary) {
        ignored++;
        continue;
      }
      throw new AppError(400, `Não foi possível ler a data da linha ${rowNumber} («${text(row.date).slice(0, 40)}»)`);
    }
    const amount = parseStatementAmount(row.amount);
    if (amount === null)
      throw new AppError(400, `Não foi possível ler o crédito da linha ${rowNumber} («${text(row.amount).slice(0, 40)}»)`);
    if (amount === undefined || amount <= 0) {
      ignored++;
      continue;
    }
    if (amount > MAX_AMOUNT) throw new AppError(400, `O crédito da linha ${rowNumber} excede o maior valor aceite`);
    const description = cleanText(text(row.description)).slice(0, MAX_DESCRIPTION_CHARS);
    const reference = row.reference === null ? null : cleanText(text(row.reference)).slice(0, 100) || null;
    const identity = sameLine({ bookedOn, amount, description, reference });
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const key = createHash("sha256").update(`${identity}\u001f${occurrence}`).digest("hex");
    lines.push({
      rowNumber,
      bookedOn,
      description,
      reference,
      amount,
      occurrence,
      key,
      references: paymentReferencesIn({ description, reference }),
    });
  }
  return { lines, ignored };
}

const REFERENCE_IN_TEXT = new RegExp(`(?=(LJ[${PAYMENT_REFERENCE_ALPHABET}]{7}))`, "g");

/**
 * The payment references a line names (case-insensitive), read in its description and reference as written and
 * with spaces and punctuation removed (banks cut and space descriptions).
 */
export function paymentReferencesIn(line: Pick<StatementLine, "description" | "reference">): string[] {
  const written = `${line.description} ${line.reference ?? ""}`.toUpperCase();
  const found = new Set<string>();
  for (const source of [written, written.replace(/[^A-Z0-9]/g, "")])
    for (const match of source.matchAll(REFERENCE_IN_TEXT)) found.add(match[1]!);
  return [...found];
}

const dayFirst = (iso: string) => iso.split("-").reverse().join("-");

/**
 * The bank reference a line's payment is recorded with: the bank's own document number when the statement has
 * one (so a transfer staff already recorded under it is not counted again), else the day, the description and the
 * amount (and which of identical lines), so each line is a reference of its own.
 */
export function lineBankReference(line: Pick<StatementLine, "bookedOn" | "description" | "reference" | "amount" | "occurrence">): string {
  if (line.reference) return line.reference;
  const base = `${dayFirst(line.bookedOn)} ${line.description.slice(0, 120)} ${formatKz(line.amount)}`;
  return line.occurrence > 1 ? `${base} (${line.occurrence}.ª)` : base;
}

/** What lineBankReference makes of a line without the bank's own number: "25-11-2026 {description} 190 000,00 kz". */
const MADE_FROM_LINE = /^(\d{2}-\d{2}-\d{4}) .* kz( \(\d+\.ª\))?$/;

/**
 * A bank reference as the shopper reads it in the order's chat: one made from a statement line (its day, the bank's
 * whole description and the amount) is named by the payment reference the description carries, or by its day; any
 * other (the bank's number, what staff typed) as it is.
 */
export function shownBankReference(bankReference: string): string {
  const made = MADE_FROM_LINE.exec(bankReference.replace(/[\u00a0\u202f]/g, " "));
  if (!made) return bankReference;
  const [named] = paymentReferencesIn({ description: bankReference, reference: null });
  return named ?? `transferência de ${made[1]}`;
}
