// The bank statement import (docs/product/orders.md#bank-statement-import): the statement decides whether money
// arrived. An admin uploads the bank's export; each credit line new to the shop is kept once; a line whose
// description names an order's payment reference and whose amount is exactly what that order still owes is
// recorded as its payment through the ledger (addPayment: actor "Extrato", the line as bank reference), which
// confirms the order, closes its proofs, withdraws its Multicaixa reference and tells the shopper once. Any other
// line waits in the "Extrato" list until an admin assigns it to an order (the same ledger path, refusals and all)
// or sets it aside with a reason.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED, shortOrderId } from "../../../shared/orders.ts";
import { formatKz } from "../../../shared/money.ts";
import {
  MIN_DISMISS_REASON,
  STATEMENT_LINE_STATES,
  type StatementColumnsRead,
  type StatementLineState,
  type StatementMapping,
} from "../../../shared/bank-statements.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import type { ProxyPayClient } from "../../integrations/proxypay.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import type { AdminBankStatement, AdminStatementLine } from "../../schemas/admin-bank-statements.ts";
import { AppError } from "../errors.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { sanitizeFileName } from "../media/file-name.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { addPayment, announcePayment, checkPayment, staffActor, type CheckedPayment, type RecordedPayment } from "./payments.ts";
import { paymentsRepository } from "./repository.ts";
import { statementsRepository, type StaffLineRow } from "./statements-repository.ts";
import { lineBankReference, type StatementLine } from "./statement-lines.ts";
import { readStatementFile, storeStatementLines } from "./statement-import.ts";

/** The ledger's actor for a line the import recorded by itself. */
const STATEMENT_ACTOR = "Extrato";
const LINE_NOT_FOUND = "Linha do extrato não encontrada";
const LINE_DECIDED = "Esta linha do extrato já foi tratada";
const NO_ORDER_NAMED = "O descritivo não tem a referência de pagamento de nenhuma encomenda";
const MANY_ORDERS_NAMED = "O descritivo tem referências de mais de uma encomenda";

interface StatementDeps {
  hub?: ChatPublisher;
  notifier?: Notifier;
  proxypay?: ProxyPayClient;
}

interface ImportCounts {
  statementId: string;
  /** How the file was read (shown with the counts). */
  columns: StatementColumnsRead;
  imported: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  ignored: number;
}

interface OrderMoney {
  id: string;
  status: string;
  totalAmount: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
}

/** Why a line cannot be recorded on the order it names by itself; null when it can. */
function matchRefusal(order: OrderMoney, amount: Prisma.Decimal): string | null {
  const name = `#${shortOrderId(order.id)}`;
  if (order.status === CANCELLED) return `A encomenda ${name} está cancelada`;
  if (order.status !== AWAITING_PAYMENT) return `A encomenda ${name} já não aguarda pagamento (${order.status})`;
  const outstanding = order.totalAmount.minus(order.amountPaid);
  if (!amount.equals(outstanding))
    return `O crédito (${formatKz(amount.toNumber())}) não é o que falta pagar na encomenda ${name} (${formatKz(outstanding.toNumber())})`;
  return null;
}

/** A statement's day as the moment money was received (midnight in Luanda), never later than now. */
function receivedAt(bookedOn: string, now = new Date()): string {
  const day = new Date(`${bookedOn}T00:00:00+01:00`);
  return (day.getTime() > now.getTime() ? now : day).toISOString();
}

const linePayment = (
  line: Pick<StatementLine, "bookedOn" | "description" | "reference" | "amount" | "occurrence">,
  extra: { overpayment?: boolean; duplicateReason?: string } = {},
): CheckedPayment =>
  checkPayment({ amount: line.amount, bankReference: lineBankReference(line), receivedAt: receivedAt(line.bookedOn), ...extra });

/**
 * Imports a statement file: its credit lines new to the shop are kept, each matching one recorded on its order;
 * lines already imported (this file again, an overlapping period) are counted as duplicates and change nothing.
 */
export async function importStatement(
  db: PrismaClient,
  deps: StatementDeps,
  input: { file: IncomingFile | null; staffUserId: string; mapping?: StatementMapping },
): Promise<ImportCounts> {
  const { file, kind, lines, ignored, columns } = await readStatementFile(db, input);

  // What each line names, read once for the whole file (the recording reads each order again under its lock).
  const named = lines.map((line) => line.references);
  const repo = statementsRepository(db);
  const orders = new Map((await repo.findOrdersByReferences([...new Set(named.flat())])).map((o) => [o.paymentReference!, o]));
  const plans = lines.map((line, i) => {
    const found = [...new Set(named[i]!.map((ref) => orders.get(ref)).filter((o) => o !== undefined))];
    if (found.length === 0) return { orderId: null, problem: NO_ORDER_NAMED };
    if (found.length > 1) return { orderId: null, problem: MANY_ORDERS_NAMED };
    return { orderId: found[0]!.id, problem: matchRefusal(found[0]!, new Prisma.Decimal(line.amount)) };
  });

  // The lines new to the shop are stored (in batches, outside any transaction), then each is matched.
  const { statementId, fresh } = await storeStatementLines(db, { file, kind, staffUserId: input.staffUserId, columns, lines, plans });

  const byKey = new Map(lines.map((line, i) => [line.key, { line, plan: plans[i]! }]));
  let matched = 0;
  for (const row of fresh) {
    const { line, plan } = byKey.get(row.lineKey)!;
    if (!plan.orderId || plan.problem) continue;
    const recorded = await recordLine(db, deps, { id: row.id, line, orderId: plan.orderId, staffUserId: input.staffUserId });
    if (recorded) matched++;
  }
  const counts = {
    imported: fresh.length,
    matched,
    unmatched: fresh.length - matched,
    duplicates: lines.length - fresh.length,
    ignored,
  };
  await repo.setCounts(statementId, counts);
  return { statementId, ...counts, columns };
}

/**
 * Records one line on the order it names, if under the order's lock it still owes exactly the line's amount;
 * otherwise (or when the ledger refuses it) the line waits with the reason. Null when not recorded.
 */
async function recordLine(
  db: PrismaClient,
  deps: StatementDeps,
  input: { id: string; line: StatementLine; orderId: string; staffUserId: string },
): Promise<RecordedPayment | null> {
  const amount = new Prisma.Decimal(input.line.amount);
  let recorded: RecordedPayment;
  try {
    const payment = linePayment(input.line);
    recorded = await db.$transaction(async (tx) => {
      const order = await paymentsRepository(tx).lockOrderMoney(input.orderId);
      if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
      const refusal = matchRefusal(order, amount);
      if (refusal) throw new AppError(409, refusal);
      const lines = statementsRepository(tx);
      if (!(await lines.take(input.id, { state: "matched", orderId: input.orderId }))) throw new AppError(409, LINE_DECIDED);
      const added = await addPayment(tx, input.orderId, payment, { staffUserId: input.staffUserId, actor: STATEMENT_ACTOR }, deps.notifier);
      await lines.setPayment(input.id, added.paymentId);
      return added;
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await statementsRepository(db).setProblem(input.id, error.message, input.orderId);
    return null;
  }
  await announcePayment(db, deps.hub, recorded, deps.notifier, deps.proxypay);
  return recorded;
}

const PAYMENT_REFERENCE = /^LJ[A-Z0-9]{7}$/i;
const SHORT_ID = /^[A-Za-z0-9]{6}$/;

/** The order staff name by its id, its short id ("#ABC123") or its payment reference ("LJ…"). */
async function orderNamed(db: PrismaClient, name: string): Promise<string> {
  const raw = name.trim().replace(/^#/, "");
  if (!raw) throw new AppError(400, "Indique a encomenda (número, #código ou referência de pagamento)");
  const found = await statementsRepository(db).findOrdersNamed(
    raw,
    SHORT_ID.test(raw) ? raw : null,
    PAYMENT_REFERENCE.test(raw) ? raw.toUpperCase() : null,
  );
  if (found.length === 0) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (found.length > 1) throw new AppError(409, `Mais de uma encomenda corresponde a «${raw}»: indique o número completo`);
  return found[0]!.id;
}

/** An admin records a waiting line on an order: the ledger's own rules apply (its refusals come back as they are). */
export async function assignLine(
  db: PrismaClient,
  deps: StatementDeps,
  input: { lineId: string; order: string; staffUserId: string; overpayment?: boolean; duplicateReason?: string },
): Promise<AdminStatementLine> {
  const line = await statementsRepository(db).findLine(input.lineId);
  if (!line) throw new AppError(404, LINE_NOT_FOUND);
  if (line.state !== "unmatched") throw new AppError(409, LINE_DECIDED);
  const orderId = await orderNamed(db, input.order);
  const payment = linePayment(
    { ...line, amount: line.amount.toNumber() },
    {
      ...(input.overpayment !== undefined ? { overpayment: input.overpayment } : {}),
      ...(input.duplicateReason !== undefined ? { duplicateReason: input.duplicateReason } : {}),
    },
  );
  const actor = `${STATEMENT_ACTOR} (${await staffActor(db, input.staffUserId)})`;
  const recorded = await db.$transaction(async (tx) => {
    const lines = statementsRepository(tx);
    if (!(await lines.take(line.id, { state: "assigned", orderId, decidedById: input.staffUserId }))) throw new AppError(409, LINE_DECIDED);
    const added = await addPayment(tx, orderId, payment, { staffUserId: input.staffUserId, actor }, deps.notifier);
    await lines.setPayment(line.id, added.paymentId);
    return added;
  });
  await announcePayment(db, deps.hub, recorded, deps.notifier, deps.proxypay);
  return getLine(db, line.id);
}

/** An admin sets a waiting line aside (not a shopper's payment: a refund, the owner's own transfer…) with a reason. */
export async function dismissLine(
  db: PrismaClient,
  input: { lineId: string; reason: string; staffUserId: string },
): Promise<AdminStatementLine> {
  const reason = input.reason.trim();
  if (reason.length < MIN_DISMISS_REASON) throw new AppError(400, `Indique o motivo (pelo menos ${MIN_DISMISS_REASON} caracteres)`);
  const repo = statementsRepository(db);
  if (!(await repo.take(input.lineId, { state: "dismissed", decidedById: input.staffUserId, dismissReason: reason }))) {
    if (!(await repo.findLine(input.lineId))) throw new AppError(404, LINE_NOT_FOUND);
    throw new AppError(409, LINE_DECIDED);
  }
  return getLine(db, input.lineId);
}

// The "Extrato" list (ra-data-simple-rest).
export const LINE_LIST = {
  filters: { state: "string", statementId: "string", q: "string", id: "ids" },
  sortable: ["bookedOn", "amount", "createdAt", "rowNumber"],
  defaultSort: { field: "bookedOn", order: "DESC" },
} as const satisfies ListSpec<{ state: "string"; statementId: "string"; q: "string"; id: "ids" }>;

const orderRef = (o: { id: string; paymentReference: string | null; status: string } | null) =>
  o ? { id: o.id, shortId: shortOrderId(o.id), paymentReference: o.paymentReference, status: o.status } : null;

const toStaffLine = (row: StaffLineRow): AdminStatementLine => ({
  id: row.id,
  statementId: row.statementId,
  fileName: sanitizeFileName(row.statement.fileName),
  importedAt: row.statement.createdAt.toISOString(),
  importedBy: row.statement.importedByName,
  rowNumber: row.rowNumber,
  bookedOn: row.bookedOn,
  description: row.description,
  reference: row.reference,
  amount: row.amount.toNumber(),
  state: row.state as StatementLineState,
  problem: row.problem,
  suggestedOrder: orderRef(row.suggestedOrder),
  order: orderRef(row.order),
  paymentId: row.paymentId,
  dismissReason: row.dismissReason,
  decidedBy: row.decidedBy?.name ?? null,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export async function getLine(db: PrismaClient, id: string): Promise<AdminStatementLine> {
  const row = await statementsRepository(db).findStaffLine(id);
  if (!row) throw new AppError(404, LINE_NOT_FOUND);
  return toStaffLine(row);
}

type LineListFilter = { state?: string; statementId?: string; q?: string; id?: string[] };

export async function listLines(db: PrismaClient, query: ListQuery<LineListFilter>): Promise<ListPage<AdminStatementLine>> {
  const { state, statementId, q, id } = query.filter;
  if (state !== undefined && !(STATEMENT_LINE_STATES as readonly string[]).includes(state))
    throw new AppError(400, "Filtro inválido: state");
  const filter = { state, statementId, q, ids: id };
  const repo = statementsRepository(db);
  const orderBy = orderByOf(query.sort) as Prisma.BankStatementLineOrderByWithRelationInput[];
  const [rows, total] = await Promise.all([repo.listLines(filter, orderBy, query.offset, query.limit), repo.countLines(filter)]);
  return { rows: rows.map(toStaffLine), total };
}

// The imports themselves, newest first: who imported which file, when, and what it gave.
export const STATEMENT_LIST = {
  filters: {},
  sortable: ["createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<Record<string, never>>;

export async function listStatements(db: PrismaClient, query: ListQuery<unknown>): Promise<ListPage<AdminBankStatement>> {
  const repo = statementsRepository(db);
  const orderBy = orderByOf(query.sort) as Prisma.BankStatementOrderByWithRelationInput[];
  const [rows, total] = await Promise.all([repo.listStatements(orderBy, query.offset, query.limit), repo.countStatements()]);
  return {
    rows: rows.map((s) => ({
      id: s.id,
      fileName: sanitizeFileName(s.fileName),
      kind: s.kind,
      importedBy: s.importedByName,
      imported: s.imported,
      matched: s.matched,
      unmatched: s.unmatched,
      duplicates: s.duplicates,
      ignored: s.ignored,
      columns: (s.columns as StatementColumnsRead | null) ?? null,
      createdAt: s.createdAt.toISOString(),
    })),
    total,
  };
}
