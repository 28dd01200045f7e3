// The bank statement reader's worker thread: turns an uploaded CSV or XLSX into the statement's table, away from the
// server's thread: the rows (at most maxRows), their cells (at most maxColumns filled, each cut to maxCellChars),
// the header row and its columns (statement-table.mjs), and only the four columns the import reads of each data row.
// The server's thread then handles a bounded answer whatever the file holds. The parent gives it the bytes, their
// kind, limits and the admins' mappings, and ends it at its deadline or when memory runs over. Cells are strings or
// numbers (a date cell as "YYYY-MM-DD", a formula as "=" and its text, so the parent can refuse it).
// Plain JavaScript: a worker thread has no TypeScript loader.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { readTable } from "./statement-table.mjs";

/**
 * @type {{ bytes: Uint8Array, kind: "csv" | "xlsx", maxRows: number, maxColumns: number, maxCellChars: number,
 *   stored: import("./statement-table.d.mts").StoredTableMapping[], mapping: object | null }}
 */
const job = workerData;

// A lower priority for this thread alone (see pdf-text-worker.mjs).
try {
  setPriority(10);
} catch {
  // not permitted here: the deadline still bounds the read
}

class Refused extends Error {}

/** The text of a CSV export: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252 (older bank exports). */
function decode(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  // A NUL byte is never in a text export: a binary file.
  if (bytes.includes(0)) throw new Refused("not text");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** `;` (the usual one where the decimal mark is a comma), `,` or a tab: whichever the first lines use most. */
function delimiterOf(text) {
  const head = text.split(/\r\n|\n|\r/, 10).join("\n");
  const count = (c) => head.split(c).length - 1;
  const counts = [";", ",", "\t"].map((c) => [c, count(c)]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ";";
}

/** A cell as the parent gets it: a string cut to maxCellChars (no bank writes a longer one). */
const cut = (cell) => (typeof cell === "string" && cell.length > job.maxCellChars ? cell.slice(0, job.maxCellChars) : cell);
const isEmpty = (cell) => cell === null || cell === undefined || String(cell).trim() === "";

/** A CSV record within the column cap: empty cells past it are dropped, a filled one refuses the file. */
function capped(record) {
  if (record.length > job.maxColumns) {
    for (let i = job.maxColumns; i < record.length; i++) if (!isEmpty(record[i])) throw new Refused("too many columns");
    record.length = job.maxColumns;
  }
  return record.map(cut);
}

async function readCsv() {
  const text = decode(job.bytes);
  // Control characters other than tabs and line ends: not a text export.
  if (/[\u0001-\u0008\u000e-\u001f]/.test(text.slice(0, 64 * 1024))) throw new Refused("not text");
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== "").length;
  if (lines > job.maxRows) throw new Refused("too many rows");
  const { parse } = await import("csv-parse/sync");
  const records = parse(text, {
    delimiter: delimiterOf(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: job.maxCellChars * 8,
  });
  return records.map(capped);
}

const pad = (n) => String(n).padStart(2, "0");

/** One XLSX cell as the parent reads it. */
function cellOf(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  // Dates are kept by exceljs as UTC midnight of the day written in the sheet.
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? null : `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) return `=${value.formula ?? value.sharedFormula}`;
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return String(value.error);
  }
  return String(value);
}

async function readXlsx() {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(job.bytes);
  // The first sheet with anything in it: banks export one.
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  if (sheet.actualRowCount > job.maxRows) throw new Refused("too many rows");
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // Only the cells that exist (a cell at column XFD would make `row.values` 16,384 entries long).
    const cells = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const value = cellOf(cell.value);
      if (column > job.maxColumns) {
        if (!isEmpty(value)) throw new Refused("too many columns");
      } else cells[column - 1] = cut(value);
    });
    rows.push(Array.from(cells, (cell) => cell ?? null));
  });
  return rows;
}

const read = job.kind === "xlsx" ? readXlsx : readCsv;
read()
  .then((rows) => readTable(rows, { stored: job.stored, mapping: job.mapping }))
  .then(
    (table) => parentPort?.postMessage({ table }),
    (error) =>
      parentPort?.postMessage({ failed: error instanceof Refused ? error.message : `unreadable: ${String(error?.message ?? error)}` }),
  );
