// What a bank statement's rows mean (docs/design/money.md#bank-statement-import): which row is the header and
// which column is which (found by the names Angolan banks use, in any order, or as an admin mapped them), each
// credit line's date, description, reference and amount, and the line's identity, so the same line imported again
// (the same file, or an overlapping period) is recognised. Pure functions: the reading is statement-reader.ts's, the
// recording bank-statements.ts's.
import { createHash } from "node:crypto";
import { parseKwanza } from "../../../shared/kwanza-input.ts";
import { MAX_AMOUNT, formatKz } from "../../../shared/money.ts";
import type { StatementColumn, StatementMapping } from "../../../shared/bank-statements.ts";
import type { StatementCell } from "../../readers/statement-reader.ts";
import { AppError } from "../errors.ts";
import { PAYMENT_REFERENCE_ALPHABET } from "./payment-reference.ts";

/** The header is looked for in the first rows (banks put the account and period above it). */
const HEADER_SEARCH_ROWS = 30;
/** A description is kept to this length (no bank writes a longer one). */
const MAX_DESCRIPTION_CHARS = 500;

/** A header cell as compared: no accents, case, punctuation, spaces, or a currency note ("Crédito (Kz)"). */
function headerKey(cell: StatementCell): string {
  return String(cell ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\(.*?\)/g, " ")
    .replace(/\b(kz|aoa|akz|kwanzas?)\b/g, " ")
    .replace(/[^a-z0-9]/g, "");
}

/** Each column's names, best first: when a bank has two (Data Movimento and Data Valor), the first listed is read. */
const HEADER_NAMES: Readonly<Record<StatementColumn, readonly string[]>> = {
  date: ["datamovimento", "datadomovimento", "data", "datamov", "dataoperacao", "datalancamento", "datavalor"],
  description: ["descritivo", "descricao", "movimento", "descricaodomovimento", "descritivodomovimento", "historico"],
  // A credit column, or one signed amount (credits positive): either way a positive value is money in.
  amount: ["credito", "creditos", "valorcredito", "montante", "valor"],
  // "Nº Documento", "N.º Documento", "No. Documento" all fold to these.
  reference: ["referencia", "nodocumento", "ndocumento", "numerodocumento", "numerododocumento", "documento", "ref"],
};

type Columns = Omit<StatementMapping, "headerRow">;

/** The columns a header row names, or null when date, description or amount is missing. */
export function recognizeColumns(row: readonly StatementCell[]): Columns | null {
  const keys = row.map(headerKey);
  const find = (column: StatementColumn): number | undefined => {
    for (const name of HEADER_NAMES[column]) {
      const at = keys.indexOf(name);
      if (at >= 0) return at;
    }
    return undefined;
  };
  const date = find("date");
  const description = find("description");
  const amount = find("amount");
  if (date === undefined || description === undefined || amount === undefined) return null;
  return { date, description, amount, reference: find("reference") ?? null };
}

/** A header row's identity, by which a bank's export mapped by hand is known again. */
export const headerSignature = (row: readonly StatementCell[]): string =>
  createHash("sha256")
    .update(
      row
        .map((cell) =>
          String(cell ?? "")
            .trim()
            .toLowerCase(),
        )
        .join("\u001f"),
    )
    .digest("hex");

const text = (cell: StatementCell): string => (cell === null ? "" : String(cell).trim());
const filled = (row: readonly StatementCell[]) => row.filter((c) => text(c) !== "").length;

/** What the console's mapping dialog shows: the likeliest header row, its cells and a few rows below it. */
interface MappingQuestion {
  headerRow: number;
  columns: string[];
  sample: string[][];
}

/** The row with the most text cells among the first rows (numbers and dates are data, not names). */
export function mappingQuestion(rows: readonly (readonly StatementCell[])[]): MappingQuestion | null {
  let best = -1;
  let bestCount = 0;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, i) => {
    const names = row.filter((c) => typeof c === "string" && /\p{L}/u.test(c) && parseStatementDate(c) === null).length;
    if (names > bestCount) [best, bestCount] = [i, names];
  });
  if (best < 0 || bestCount < 2) return null;
  const header = rows[best]!;
  const sample = rows
    .slice(best + 1)
    .filter((r) => filled(r) > 0)
    .slice(0, 3)
    .map((r) => Array.from({ length: header.length }, (_, i) => text(r[i] ?? null).slice(0, 80)));
  return { headerRow: best, columns: header.map((c) => text(c).slice(0, 80)), sample };
}

/**
 * The header row and columns: an admin's mapping stored for a row's signature wins (the admin chose), else the
 * first row whose names are recognised. Null: neither, so an admin maps it by hand.
 */
export function findColumns(rows: readonly (readonly StatementCell[])[], stored: ReadonlyMap<string, Columns>): StatementMapping | null {
  for (const [headerRow, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    if (filled(row) < 2) continue;
    const mapped = stored.get(headerSignature(row)) ?? recognizeColumns(row);
    if (mapped) return { headerRow, ...mapped };
  }
  return null;
}

/** The signatures of the rows that could be a header, to look up stored mappings in one query. */
export const candidateSignatures = (rows: readonly (readonly StatementCell[])[]): string[] =>
  rows
    .slice(0, HEADER_SEARCH_ROWS)
    .filter((row) => filled(row) >= 2)
    .map(headerSignature);

const MAPPING_INVALID = "Correspondência de colunas inválida: escolha colunas diferentes para a data, o descritivo e o crédito";

/** A mapping an admin sent: within the file's header row, distinct columns. */
export function checkMapping(mapping: StatementMapping, rows: readonly (readonly StatementCell[])[]): StatementMapping {
  const header = rows[mapping.headerRow];
  if (!header || mapping.headerRow >= HEADER_SEARCH_ROWS) throw new AppError(400, "A linha de cabeçalho indicada não existe no extrato");
  const width = Math.max(header.length, ...rows.slice(mapping.headerRow, mapping.headerRow + 20).map((r) => r.length));
  const used = [mapping.date, mapping.description, mapping.amount, ...(mapping.reference == null ? [] : [mapping.reference])];
  if (used.some((i) => !Number.isInteger(i) || i < 0 || i >= width) || new Set(used).size !== used.length)
    throw new AppError(400, MAPPING_INVALID);
  return { ...mapping, reference: mapping.reference ?? null };
}

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

/** What a spreadsheet would run as a formula (or a hand-edited file's injection): never in a bank's export. */
export const looksLikeFormula = (cell: StatementCell): boolean => typeof cell === "string" && /^(\s*[=@]|[+-][^\d\s.,(]|[\t\r])/.test(cell);

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
}

interface ReadLines {
  lines: StatementLine[];
  /** Rows that are not credits: debits, zero amounts, totals and balances, empty rows. */
  ignored: number;
}

const sameLine = (l: Pick<StatementLine, "bookedOn" | "amount" | "description" | "reference">) =>
  [l.bookedOn, Math.round(l.amount * 100), l.description.toUpperCase(), (l.reference ?? "").toUpperCase()].join("\u001f");

const SUMMARY_ROW = /\b(total|totais|saldo|soma)\b/i;

/**
 * The credit lines below the header. A row without a date is not a movement (totals, balances, notes); a row with
 * a date that cannot be read, or a credit that cannot be read, refuses the file (naming the row) rather than
 * leaving money out; so does anything a spreadsheet would run as a formula.
 */
export function statementLines(rows: readonly (readonly StatementCell[])[], mapping: StatementMapping): ReadLines {
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  let ignored = 0;
  const columns = [mapping.date, mapping.description, mapping.amount, ...(mapping.reference == null ? [] : [mapping.reference])];
  for (let i = mapping.headerRow + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const rowNumber = i + 1;
    const cell = (at: number): StatementCell => row[at] ?? null;
    const formula = columns.map(cell).find(looksLikeFormula);
    if (formula !== undefined)
      throw new AppError(
        400,
        `O extrato tem uma fórmula na linha ${rowNumber} («${String(formula).slice(0, 40)}»): importe o ficheiro tal como o banco o exporta`,
      );
    if (filled(row) === 0) continue;
    const dateCell = cell(mapping.date);
    if (text(dateCell) === "") {
      ignored++;
      continue;
    }
    const bookedOn = parseStatementDate(dateCell);
    if (!bookedOn) {
      if (row.some((c) => typeof c === "string" && SUMMARY_ROW.test(c))) {
        ignored++;
        continue;
      }
      throw new AppError(400, `Não foi possível ler a data da linha ${rowNumber} («${text(dateCell).slice(0, 40)}»)`);
    }
    const amount = parseStatementAmount(cell(mapping.amount));
    if (amount === null)
      throw new AppError(400, `Não foi possível ler o crédito da linha ${rowNumber} («${text(cell(mapping.amount)).slice(0, 40)}»)`);
    if (amount === undefined || amount <= 0) {
      ignored++;
      continue;
    }
    if (amount > MAX_AMOUNT) throw new AppError(400, `O crédito da linha ${rowNumber} excede o maior valor aceite`);
    const description = cleanText(text(cell(mapping.description))).slice(0, MAX_DESCRIPTION_CHARS);
    const reference = mapping.reference == null ? null : cleanText(text(cell(mapping.reference))).slice(0, 100) || null;
    const identity = sameLine({ bookedOn, amount, description, reference });
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const key = createHash("sha256").update(`${identity}\u001f${occurrence}`).digest("hex");
    lines.push({ rowNumber, bookedOn, description, reference, amount, occurrence, key });
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
