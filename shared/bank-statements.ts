// The bank statement import (docs/product/orders.md#bank-statement-import): what a statement line can be, the
// columns an import reads, and its limits. The server and the console both use them.

/**
 * `unmatched`: waits for staff; `review`: waits because it may be a payment already recorded on the order (by hand
 * or from a proof), which it names; `matched`: recorded on its order by the import; `assigned`: staff recorded it
 * on an order; `linked`: it confirms a payment already recorded (by the import or by staff: "é o mesmo
 * pagamento"), no new money; `dismissed`: staff set it aside with a reason (not a shopper's payment).
 */
export const STATEMENT_LINE_STATES = ["unmatched", "review", "matched", "assigned", "linked", "dismissed"] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];

/** The columns an import reads: date, description and the credited amount are needed, the reference is not. */
export const STATEMENT_COLUMNS = ["date", "description", "amount", "reference"] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/** How an admin maps a bank's export by hand: the header row (from 0) and, per column, its position (from 0). */
export interface StatementMapping {
  headerRow: number;
  date: number;
  description: number;
  amount: number;
  reference?: number | null;
}

/** Largest statement file: a year of a busy shop's account is well under this. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const STATEMENT_TOO_LARGE = "O extrato é demasiado grande (máximo 5 MB): importe um período mais curto";
/** Most rows a statement may have. */
export const MAX_STATEMENT_ROWS = 10_000;
/** Most columns a statement may fill (a bank's export has a dozen at most): a cell further right refuses the file. */
export const MAX_STATEMENT_COLUMNS = 50;

/** One column an import read: its position (from 0) and its name in the header row. */
export interface StatementColumnRead {
  column: number;
  name: string;
}

/** The admin's mapping a bank's export was read with (docs/product/orders.md#bank-statement-import). */
export interface StatementMappingUsed {
  /** The mapping's id (its header row's signature). */
  id: string;
  savedBy: string;
  /** ISO time. */
  savedAt: string;
  /** Saved by this very import (the admin said which column is which). */
  savedNow: boolean;
}

/** How an import read the file: the header row, each column, and the mapping used (null: recognised by names). */
export interface StatementColumnsRead {
  headerRow: number;
  date: StatementColumnRead;
  description: StatementColumnRead;
  amount: StatementColumnRead;
  reference: StatementColumnRead | null;
  mapping: StatementMappingUsed | null;
}

/** Shortest reason for setting a line aside. */
export const MIN_DISMISS_REASON = 5;

/** The states in which a line still waits for staff (assign, link or dismiss). */
export const WAITING_LINE_STATES = ["unmatched", "review"] as const satisfies readonly StatementLineState[];

/** A payment recorded by staff with no statement line after this many days is listed for checking (the default). */
export const DEFAULT_UNLINKED_DAYS = 3;
/** The longest the unlinked-payments report looks back from. */
export const MAX_UNLINKED_DAYS = 365;
