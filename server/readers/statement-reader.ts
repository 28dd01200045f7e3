// Reads a bank statement an admin uploads (CSV or XLSX as Angolan banks' online banking exports them) into rows
// of cells. The kind is decided by the bytes, never the name; the parsing (csv-parse, exceljs) runs in a worker
// thread with a row limit, a heap limit and a deadline, one file at a time (bounded-worker.ts), so no file can hold
// the server's thread. What the rows mean is server/domain/payments/statement-lines.ts's business.
import { fileTypeFromBuffer } from "file-type";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_ROWS } from "../../shared/bank-statements.ts";
import { oneAtATime, runBoundedWorker, type WorkerBudget } from "./bounded-worker.ts";

export type StatementCell = string | number | null;

interface StatementReaderLimits extends WorkerBudget {
  maxBytes: number;
  /** Rows in the file (non-empty lines of a CSV, used rows of the sheet). */
  maxRows: number;
  /** A longer cell is cut (no bank writes one this long). */
  maxCellChars: number;
}

/** exceljs keeps a whole workbook in memory, several times the file's size: the heap is sized for a 5 MB file. */
const DEFAULT_STATEMENT_LIMITS: StatementReaderLimits = {
  maxBytes: MAX_STATEMENT_BYTES,
  maxRows: MAX_STATEMENT_ROWS + 50,
  maxCellChars: 1000,
  timeoutMs: 15_000,
  maxHeapMb: 256,
  maxMemoryGrowthBytes: 640 * 1024 * 1024,
};

/** Why a file gave no rows: not a statement's kind, too big to read, or broken. */
export type StatementReadFailure = "not-a-statement" | "old-excel" | "pdf" | "too-many-rows" | "too-big" | "unreadable" | "busy";
type StatementReading = { kind: "csv" | "xlsx"; rows: StatementCell[][] } | { failed: StatementReadFailure };

const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** CSV (text) or XLSX (a zip with a workbook), from the first bytes; anything else is named for the message. */
async function sniffStatement(bytes: Uint8Array): Promise<"csv" | "xlsx" | StatementReadFailure> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === XLSX_MIME) return "xlsx";
  if (type?.mime === "application/pdf") return "pdf";
  if (type?.mime === "application/x-cfb") return "old-excel";
  // A text export has no binary signature.
  return type ? "not-a-statement" : "csv";
}

const statementQueue = oneAtATime(2);

export async function readStatement(bytes: Uint8Array, limits: Partial<StatementReaderLimits> = {}): Promise<StatementReading> {
  const all = { ...DEFAULT_STATEMENT_LIMITS, ...limits };
  if (bytes.length > all.maxBytes) return { failed: "too-big" };
  // The whole file: file-type reads only what it needs, and an XLSX is told from another zip by its entries.
  const kind = await sniffStatement(bytes);
  if (kind !== "csv" && kind !== "xlsx") return { failed: kind };
  const result = await statementQueue(
    () =>
      runBoundedWorker<{ rows: StatementCell[][] }>(
        new URL("./statement-worker.mjs", import.meta.url),
        { bytes: new Uint8Array(bytes), kind, maxRows: all.maxRows, maxCellChars: all.maxCellChars },
        all,
      ),
    { failed: "busy" },
  );
  if ("rows" in result) return { kind, rows: result.rows.map((row) => row.map((cell) => cut(cell, all.maxCellChars))) };
  if (result.failed === "too many rows") return { failed: "too-many-rows" };
  if (result.failed === "not text") return { failed: "not-a-statement" };
  if (result.failed === "busy") return { failed: "busy" };
  if (result.failed === "memory" || result.failed === "timed out") return { failed: "too-big" };
  return { failed: "unreadable" };
}

const cut = (cell: StatementCell, max: number): StatementCell =>
  typeof cell === "string" && cell.length > max ? cell.slice(0, max) : cell;
