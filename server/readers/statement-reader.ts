// Reads a bank statement an admin uploads (CSV or XLSX as Angolan banks' online banking exports them) into its table:
// the header row, the columns an import reads, and those columns' cells in each data row. The kind is decided by the
// bytes, never the name; everything that grows with the file (parsing with csv-parse or exceljs, the row and column
// caps, cutting cells, finding the header) runs in a worker thread with a heap limit and a deadline, one file at a
// time (bounded-worker.ts), so no file can hold the server's thread (docs/design/security.md#reading-bank-statements).
// What the cells mean is server/domain/payments/statement-lines.ts's business.
import { fileTypeFromBuffer } from "file-type";
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_COLUMNS, MAX_STATEMENT_ROWS, type StatementMapping } from "../../shared/bank-statements.ts";
import { oneAtATime, runBoundedWorker, type WorkerBudget } from "./bounded-worker.ts";
import type { StoredTableMapping, TableFailure, TableReading } from "./statement-table.mjs";

export type { MappingQuestion, StoredTableMapping, Table, TableCell, TableRow } from "./statement-table.mjs";

interface StatementReaderLimits extends WorkerBudget {
  maxBytes: number;
  /** Rows in the file (non-empty lines of a CSV, used rows of the sheet). */
  maxRows: number;
  /** Columns a row may fill; a filled cell further right refuses the file. */
  maxColumns: number;
  /** A longer cell is cut (no bank writes one this long). */
  maxCellChars: number;
}

/** exceljs keeps a whole workbook in memory, several times the file's size: the heap is sized for a 5 MB file. */
const DEFAULT_STATEMENT_LIMITS: StatementReaderLimits = {
  maxBytes: MAX_STATEMENT_BYTES,
  maxRows: MAX_STATEMENT_ROWS + 50,
  maxColumns: MAX_STATEMENT_COLUMNS,
  maxCellChars: 1000,
  timeoutMs: 15_000,
  maxHeapMb: 256,
  maxMemoryGrowthBytes: 640 * 1024 * 1024,
};

/** Why a file gave no table: not a statement's kind, too big to read, broken, or its header and a mapping disagree. */
export type StatementReadFailure =
  | "not-a-statement"
  | "old-excel"
  | "pdf"
  | "too-many-rows"
  | "too-many-columns"
  | "too-big"
  | "unreadable"
  | "busy"
  | Exclude<TableFailure, "not-a-statement">;

type StatementReading =
  { kind: "csv" | "xlsx"; reading: Exclude<TableReading, { failed: TableFailure }> } | { failed: StatementReadFailure; headerRow?: number };

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

const WORKER_FAILURES: Readonly<Record<string, StatementReadFailure>> = {
  "too many rows": "too-many-rows",
  "too many columns": "too-many-columns",
  "not text": "not-a-statement",
  busy: "busy",
  memory: "too-big",
  "timed out": "too-big",
};

/**
 * The statement's table, with the admins' stored mappings (used only when no header row is recognised by its names)
 * or the mapping an admin sends now (refused when the file is recognised by itself).
 */
export async function readStatement(
  bytes: Uint8Array,
  columns: { stored: readonly StoredTableMapping[]; mapping?: StatementMapping | undefined },
  limits: Partial<StatementReaderLimits> = {},
): Promise<StatementReading> {
  const all = { ...DEFAULT_STATEMENT_LIMITS, ...limits };
  if (bytes.length > all.maxBytes) return { failed: "too-big" };
  // The whole file: file-type reads only what it needs, and an XLSX is told from another zip by its entries.
  const kind = await sniffStatement(bytes);
  if (kind !== "csv" && kind !== "xlsx") return { failed: kind };
  const job = {
    bytes: new Uint8Array(bytes),
    kind,
    maxRows: all.maxRows,
    maxColumns: all.maxColumns,
    maxCellChars: all.maxCellChars,
    stored: columns.stored,
    mapping: columns.mapping ?? null,
  };
  const result = await statementQueue(
    () => runBoundedWorker<{ table: TableReading }>(new URL("./statement-worker.mjs", import.meta.url), job, all),
    { failed: "busy" },
  );
  if ("table" in result) {
    const reading = result.table;
    if ("failed" in reading)
      return { failed: reading.failed, ...(reading.headerRow !== undefined ? { headerRow: reading.headerRow } : {}) };
    return { kind, reading };
  }
  return { failed: WORKER_FAILURES[result.failed] ?? "unreadable" };
}
