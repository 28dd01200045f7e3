// What a bank statement's parsed rows are, worked out in the statement worker (statement-worker.mjs) so the server's
// thread never walks a whole file (docs/design/money.md#bank-statement-import): which row is the header and which
// column is the date, the description, the credit and the reference (by the names Angolan banks use, in any order,
// or by an admin's mapping), and, for each data row, the cells of those four columns only. What the cells mean
// (dates, amounts, formulas, a line's identity) is server/domain/payments/statement-lines.ts's business.
// Plain JavaScript: a worker thread has no TypeScript loader (types: statement-table.d.mts).
import { createHash } from "node:crypto";

/** The header is looked for in the first rows (banks put the account and period above it). */
export const HEADER_SEARCH_ROWS = 30;

/** A header cell as compared: no accents, case, punctuation, spaces, or a currency note ("Crédito (Kz)"). */
function headerKey(cell) {
  return String(cell ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\(.*?\)/g, " ")
    .replace(/\b(kz|aoa|akz|kwanzas?)\b/g, " ")
    .replace(/[^a-z0-9]/g, "");
}

/** Each column's names, best first: when a bank has two (Data Movimento and Data Valor), the first listed is read. */
const HEADER_NAMES = {
  date: ["datamovimento", "datadomovimento", "data", "datamov", "dataoperacao", "datalancamento", "datavalor"],
  description: ["descritivo", "descricao", "movimento", "descricaodomovimento", "descritivodomovimento", "historico"],
  // A credit column, or one signed amount (credits positive): either way a positive value is money in.
  amount: ["credito", "creditos", "valorcredito", "montante", "valor"],
  // "Nº Documento", "N.º Documento", "No. Documento" all fold to these.
  reference: ["referencia", "nodocumento", "ndocumento", "numerodocumento", "numerododocumento", "documento", "ref"],
};

/** @param {readonly unknown[]} row */
export function recognizeColumns(row) {
  const keys = row.map(headerKey);
  const find = (column) => {
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
export const headerSignature = (row) =>
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

const text = (cell) => (cell === null || cell === undefined ? "" : String(cell).trim());
const filled = (row) => row.filter((c) => text(c) !== "").length;
/** A row that could be a header: at least two cells with something in them. */
const couldBeHeader = (row) => filled(row) >= 2;
/** A date as exports write it (the strict reading is statement-lines.ts's): not a column name. */
const DATE_SHAPE = /^(\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2})/;
/** Words of a totals, balance or sum row, which is no movement. */
const SUMMARY_ROW = /\b(total|totais|saldo|soma)\b/i;

/** The first of the first rows whose names the shop recognises by itself, with its columns; null when none. */
export function recognisedHeader(rows) {
  for (const [headerRow, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    if (!couldBeHeader(row)) continue;
    const columns = recognizeColumns(row);
    if (columns) return { headerRow, ...columns };
  }
  return null;
}

/** What the console's mapping dialog shows: the row with the most names among the first rows, and a few below it. */
export function mappingQuestion(rows) {
  let best = -1;
  let bestCount = 0;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, i) => {
    const names = row.filter((c) => typeof c === "string" && /\p{L}/u.test(c) && !DATE_SHAPE.test(c.trim())).length;
    if (names > bestCount) [best, bestCount] = [i, names];
  });
  if (best < 0 || bestCount < 2) return null;
  const header = rows[best];
  const sample = rows
    .slice(best + 1)
    .filter((r) => filled(r) > 0)
    .slice(0, 3)
    .map((r) => Array.from({ length: header.length }, (_, i) => text(r[i]).slice(0, 80)));
  return { headerRow: best, columns: header.map((c) => text(c).slice(0, 80)), sample };
}

/** An admin's mapping within the file: its header row among the first rows, distinct columns inside the table. */
function checkMapping(mapping, rows) {
  const header = rows[mapping.headerRow];
  if (!header || mapping.headerRow >= HEADER_SEARCH_ROWS) return { failed: "header-row-missing" };
  const width = Math.max(header.length, ...rows.slice(mapping.headerRow, mapping.headerRow + 20).map((r) => r.length));
  const reference = mapping.reference ?? null;
  const used = [mapping.date, mapping.description, mapping.amount, ...(reference === null ? [] : [reference])];
  if (used.some((i) => !Number.isInteger(i) || i < 0 || i >= width) || new Set(used).size !== used.length)
    return { failed: "mapping-invalid" };
  return { headerRow: mapping.headerRow, date: mapping.date, description: mapping.description, amount: mapping.amount, reference };
}

/**
 * The header and columns, then the data rows' four cells. Recognition by names comes first and cannot be
 * overridden: a mapping an admin sends for a file the shop reads by itself is refused ("mapping-not-needed"), and
 * a stored mapping is used only for a file with no recognised header row.
 */
export function readTable(rows, { stored = [], mapping = null } = {}) {
  if (!rows.some((row) => filled(row) > 0)) return { failed: "empty" };
  const recognised = recognisedHeader(rows);
  let found = null;
  if (mapping) {
    if (recognised) return { failed: "mapping-not-needed", headerRow: recognised.headerRow };
    const checked = checkMapping(mapping, rows);
    if ("failed" in checked) return checked;
    found = { ...checked, source: "sent" };
  } else if (recognised) {
    found = { ...recognised, source: "names" };
  } else {
    const bySignature = new Map(stored.map((m) => [m.signature, m]));
    for (const [headerRow, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
      const m = couldBeHeader(row) ? bySignature.get(headerSignature(row)) : undefined;
      if (!m) continue;
      found = { headerRow, date: m.date, description: m.description, amount: m.amount, reference: m.reference ?? null, source: "stored" };
      break;
    }
  }
  if (!found) {
    const question = mappingQuestion(rows);
    return question ? { question } : { failed: "not-a-statement" };
  }
  const header = rows[found.headerRow];
  const cellOf = (row, at) => row[at] ?? null;
  const data = [];
  for (let i = found.headerRow + 1; i < rows.length; i++) {
    const row = rows[i];
    if (filled(row) === 0) continue;
    data.push({
      rowNumber: i + 1,
      date: cellOf(row, found.date),
      description: cellOf(row, found.description),
      amount: cellOf(row, found.amount),
      reference: found.reference === null ? null : cellOf(row, found.reference),
      summary: row.some((c) => typeof c === "string" && SUMMARY_ROW.test(c)),
    });
  }
  return {
    header: { row: found.headerRow, cells: header.map((c) => text(c).slice(0, 80)), signature: headerSignature(header) },
    columns: { date: found.date, description: found.description, amount: found.amount, reference: found.reference },
    source: found.source,
    rows: data,
  };
}
