// The bank statement import's staff contracts (/admin/api/bank-statements and /bank-statement-lines).
import { Type, type Static } from "typebox";
import { MAX_STATEMENT_COLUMNS, MIN_DISMISS_REASON, STATEMENT_LINE_STATES } from "../../shared/bank-statements.ts";
import { MAX_PASSWORD_LENGTH } from "../../shared/passwords.ts";
import { StrictObject } from "./common.ts";

const LineState = Type.Union([
  Type.Literal(STATEMENT_LINE_STATES[0]),
  Type.Literal(STATEMENT_LINE_STATES[1]),
  Type.Literal(STATEMENT_LINE_STATES[2]),
  Type.Literal(STATEMENT_LINE_STATES[3]),
  Type.Literal(STATEMENT_LINE_STATES[4]),
  Type.Literal(STATEMENT_LINE_STATES[5]),
]);

/** A payment as a line shows it: the one it recorded or confirms, or (in review) the one it may be. */
const LinePayment = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  bankReference: Type.String(),
  actor: Type.String(),
  receivedAt: Type.String(),
  /** False while "por confirmar" (recorded by support, waiting for the bank or an admin). */
  confirmed: Type.Boolean(),
});

const OrderRef = Type.Object({
  id: Type.String(),
  shortId: Type.String(),
  paymentReference: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
});

export const AdminStatementLine = Type.Object({
  id: Type.String(),
  statementId: Type.String(),
  fileName: Type.Union([Type.String(), Type.Null()]),
  importedAt: Type.String(),
  importedBy: Type.String(),
  rowNumber: Type.Integer(),
  /** YYYY-MM-DD. */
  bookedOn: Type.String(),
  description: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number(),
  state: LineState,
  /** Why it waits. */
  problem: Type.Union([Type.String(), Type.Null()]),
  /** The order its description names (when that alone did not settle it). */
  suggestedOrder: Type.Union([OrderRef, Type.Null()]),
  /** The order it was recorded on. */
  order: Type.Union([OrderRef, Type.Null()]),
  paymentId: Type.Union([Type.String(), Type.Null()]),
  /** The payment it recorded (matched, assigned) or confirms (linked). */
  payment: Type.Union([LinePayment, Type.Null()]),
  /** In review: the payment already recorded on the order that this line may be. */
  suggestedPayment: Type.Union([LinePayment, Type.Null()]),
  dismissReason: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdminStatementLine = Static<typeof AdminStatementLine>;

const ColumnRead = Type.Object({ column: Type.Integer(), name: Type.String() });

/** An admin's mapping an import used: who saved it and when (shared/bank-statements.ts StatementMappingUsed). */
const MappingUsed = Type.Object({
  id: Type.String(),
  savedBy: Type.String(),
  savedAt: Type.String(),
  savedNow: Type.Boolean(),
});

/** How an import read the file: the header row (from 0), each column, and the mapping used (null: by the names). */
export const StatementColumnsRead = Type.Object({
  headerRow: Type.Integer(),
  date: ColumnRead,
  description: ColumnRead,
  amount: ColumnRead,
  reference: Type.Union([ColumnRead, Type.Null()]),
  mapping: Type.Union([MappingUsed, Type.Null()]),
});

export const AdminBankStatement = Type.Object({
  id: Type.String(),
  fileName: Type.Union([Type.String(), Type.Null()]),
  kind: Type.String(),
  importedBy: Type.String(),
  imported: Type.Integer(),
  matched: Type.Integer(),
  unmatched: Type.Integer(),
  duplicates: Type.Integer(),
  ignored: Type.Integer(),
  /** Null for imports made before it was kept. */
  columns: Type.Union([StatementColumnsRead, Type.Null()]),
  createdAt: Type.String(),
});
export type AdminBankStatement = Static<typeof AdminBankStatement>;

export const StatementImportReply = Type.Object({
  success: Type.Literal(true),
  statementId: Type.String(),
  /** Credit lines new to the shop (matched + unmatched). */
  imported: Type.Integer(),
  /** Settled by the import: recorded on their order, or linked to the payment already recorded that they are. */
  matched: Type.Integer(),
  /** Waiting for staff (unmatched or in review). */
  unmatched: Type.Integer(),
  /** Credit lines already imported (this file or an overlapping one). */
  duplicates: Type.Integer(),
  /** Rows that are no credit: debits, totals, balances. */
  ignored: Type.Integer(),
  columns: StatementColumnsRead,
});
export type StatementImportReply = Static<typeof StatementImportReply>;

/** 422: the columns were not recognised; the console asks the admin which is which and sends the file again. */
export const StatementMappingNeededReply = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  needsMapping: Type.Optional(Type.Literal(true)),
  headerRow: Type.Optional(Type.Integer()),
  columns: Type.Optional(Type.Array(Type.String())),
  sample: Type.Optional(Type.Array(Type.Array(Type.String()))),
});
export type StatementMappingNeededReply = Static<typeof StatementMappingNeededReply>;

/** The multipart field `mapping` (JSON): the header row and each column's position, from 0. */
const Column = Type.Integer({ minimum: 0, maximum: MAX_STATEMENT_COLUMNS - 1 });
export const StatementMappingField = StrictObject({
  headerRow: Type.Integer({ minimum: 0, maximum: 29 }),
  date: Column,
  description: Column,
  amount: Column,
  reference: Type.Optional(Type.Union([Column, Type.Null()])),
});

export const AdminStatementAssignBody = StrictObject({
  /** The order's id, short id (#ABC123) or payment reference (LJ…). */
  orderId: Type.String({ minLength: 1, maxLength: 64 }),
  /** Record more than is owed: the excess is to be refunded. */
  overpayment: Type.Optional(Type.Boolean()),
  /** Record a bank reference already recorded, with the reason. */
  duplicateReason: Type.Optional(Type.String({ maxLength: 500 })),
  /** The order holds payments no statement line confirmed yet, and this line is none of them: another payment. */
  newPayment: Type.Optional(Type.Boolean()),
});
export type AdminStatementAssignBody = Static<typeof AdminStatementAssignBody>;

/** Why an order is offered for a waiting line (docs/product/console.md#extrato-admins). */
export const CANDIDATE_REASONS = ["reference", "payment", "name", "amount"] as const;

/** An order a waiting line may be: what it owes and holds, and why it is offered. */
export const AdminStatementCandidate = Type.Object({
  order: OrderRef,
  customerName: Type.String(),
  totalAmount: Type.Number(),
  /** What counts already (confirmed payments). */
  amountPaid: Type.Number(),
  /** Best first: the line names its payment reference, it holds a payment recorded of the line's amount without a
   * statement line, the customer's name is in the line, it owes exactly the line's amount. */
  reasons: Type.Array(
    Type.Union([
      Type.Literal(CANDIDATE_REASONS[0]),
      Type.Literal(CANDIDATE_REASONS[1]),
      Type.Literal(CANDIDATE_REASONS[2]),
      Type.Literal(CANDIDATE_REASONS[3]),
    ]),
  ),
  /** Its payments recorded by staff of the line's amount with no statement line: the line may be one of them. */
  payments: Type.Array(LinePayment),
});
export type AdminStatementCandidate = Static<typeof AdminStatementCandidate>;

/** "É o mesmo pagamento": the payment already recorded that this line is. */
export const AdminStatementLinkBody = StrictObject({
  paymentId: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
});
export type AdminStatementLinkBody = Static<typeof AdminStatementLinkBody>;

export const AdminStatementDismissBody = StrictObject({
  reason: Type.String({ minLength: 1, maxLength: 500, description: `At least ${MIN_DISMISS_REASON} characters once trimmed.` }),
});
export type AdminStatementDismissBody = Static<typeof AdminStatementDismissBody>;

/** A stored column mapping, as admins list it (/admin/api/bank-statement-mappings). */
export const AdminStatementMapping = Type.Object({
  /** Its header row's signature. */
  id: Type.String(),
  /** The header row's cells. */
  headers: Type.Array(Type.String()),
  date: ColumnRead,
  description: ColumnRead,
  amount: ColumnRead,
  reference: Type.Union([ColumnRead, Type.Null()]),
  savedBy: Type.String(),
  savedAt: Type.String(),
  /** The shop recognises this header by its names: the mapping is never used (saved before that rule). */
  ignored: Type.Boolean(),
});
export type AdminStatementMapping = Static<typeof AdminStatementMapping>;

/** Deleting a mapping: the acting admin's own password (step-up; missing or wrong: 403). */
export const AdminStatementMappingDeleteBody = StrictObject({
  currentPassword: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
});
export type AdminStatementMappingDeleteBody = Static<typeof AdminStatementMappingDeleteBody>;
