// Types of statement-table.mjs (plain JavaScript, for the statement worker).

/** A parsed cell: text, a number, or nothing. */
export type TableCell = string | number | null;

/** Positions (from 0) of the columns an import reads. */
export interface TableColumns {
  date: number;
  description: number;
  amount: number;
  reference: number | null;
}

/** A mapping an admin stored, known by its header row's signature. */
export interface StoredTableMapping extends TableColumns {
  signature: string;
}

/** One data row below the header: the four columns' cells, and whether the row mentions a total or a balance. */
export interface TableRow {
  /** Its row in the file, from 1. */
  rowNumber: number;
  date: TableCell;
  description: TableCell;
  amount: TableCell;
  reference: TableCell;
  summary: boolean;
}

/** What the console's mapping dialog shows: the likeliest header row, its cells and a few rows below it. */
export interface MappingQuestion {
  headerRow: number;
  columns: string[];
  sample: string[][];
}

/** Why a table could not be read as a statement. */
export type TableFailure = "empty" | "mapping-not-needed" | "header-row-missing" | "mapping-invalid" | "not-a-statement";

export interface Table {
  header: { row: number; cells: string[]; signature: string };
  columns: TableColumns;
  /** "names": recognised by itself; "stored": a mapping an admin saved before; "sent": the mapping sent now. */
  source: "names" | "stored" | "sent";
  rows: TableRow[];
}

export type TableReading = Table | { question: MappingQuestion } | { failed: TableFailure; headerRow?: number };

export const HEADER_SEARCH_ROWS: number;
export function recognizeColumns(row: readonly TableCell[]): TableColumns | null;
export function headerSignature(row: readonly TableCell[]): string;
export function recognisedHeader(rows: readonly (readonly TableCell[])[]): (TableColumns & { headerRow: number }) | null;
export function mappingQuestion(rows: readonly (readonly TableCell[])[]): MappingQuestion | null;
export function readTable(
  rows: readonly (readonly TableCell[])[],
  options?: {
    stored?: readonly StoredTableMapping[];
    mapping?: (Omit<TableColumns, "reference"> & { headerRow: number; reference?: number | null }) | null;
  },
): TableReading;
