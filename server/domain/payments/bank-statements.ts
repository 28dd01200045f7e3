// The bank statement import (docs/product/orders.md#bank-statement-import): the statement decides whether money
// arrived. An admin uploads the bank's export; each credit line new to the shop is kept once; a line whose
// description names an order's payment reference and whose amount is exactly what that order still owes is
// recorded as its payment through the ledger (addPayment: actor "Extrato", the line as bank reference), which
// confirms the order, closes its proofs, withdraws its Multicaixa reference and tells the shopper once. A line
// that is a payment already recorded by hand or from a proof confirms that payment instead ("linked", no new
// money), or waits in review when that is not certain (statement-matching.ts has the rule). Any other line waits
// in the "Extrato" list until an admin assigns it to an order (the same ledger path, refusals and all), links it
// to a payment already recorded, or sets it aside with a reason. Reading the file and storing its lines is
// statement-import.ts's.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { formatKz } from "../../../shared/money.ts";
import {
  MIN_DISMISS_REASON,
  STATEMENT_LINE_STATES,
  WAITING_LINE_STATES,
  type StatementColumnsRead,
  type StatementLineState,
  type StatementMapping,
} from "../../../shared/bank-statements.ts";
import type { AdminBankStatement, AdminStatementLine } from "../../schemas/admin-bank-statements.ts";
import { AppError } from "../errors.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { sanitizeFileName } from "../media/file-name.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { bankReferenceKey } from "../../../shared/payments.ts";
import { addPayment, checkPayment, confirmPayment, staffActor, type CheckedPayment } from "./payments.ts";
import { paymentsRepository } from "./repository.ts";
import { statementsRepository, type StaffLineRow } from "./statements-repository.ts";
import { payRequest, requestsByReferences } from "./payment-requests.ts";
import { decideLine, type LineDecision, type NamedOrder, type UnlinkedPayment } from "./statement-matching.ts";
import { lineBankReference, type StatementLine } from "./statement-lines.ts";
import { readStatementFile, storeStatementLines } from "./statement-import.ts";

/** The ledger's actor for a line the import recorded by itself. */
const STATEMENT_ACTOR = "Extrato";
const LINE_NOT_FOUND = "Linha do extrato não encontrada";
const LINE_DECIDED = "Esta linha do extrato já foi tratada";
const PAYMENT_NOT_FOUND = "Pagamento não encontrado";
const SERVICE_PAYMENT = "Este pagamento foi confirmado pelo serviço de pagamento: não se liga a uma linha do extrato";
const PAYMENT_LINKED = "Este pagamento já está ligado a outra linha do extrato";

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
  input: {
    file: IncomingFile | null;
    staffUserId: string;
    mapping?: StatementMapping;
    /**
     * Orders settled at once (each order's lines one after another, under its lock): PostgreSQL's pool serves
     * several; the embedded database runs one statement at a time, so 1 there (docs/design/performance.md#bank-statement-import).
     */
    concurrency?: number;
  },
): Promise<ImportCounts> {
  const { file, kind, lines, ignored, columns } = await readStatementFile(db, input);

  const repo = statementsRepository(db);
  const plans = await planLines(db, lines);

  // The lines new to the shop are stored (in batches, outside any transaction), then each is matched.
  const { statementId, fresh } = await storeStatementLines(db, { file, kind, staffUserId: input.staffUserId, columns, lines, plans });

  const byKey = new Map(lines.map((line, i) => [line.key, { line, plan: plans[i]! }]));
  // Each order's lines in the file's order; orders side by side.
  const byOrder = new Map<string, { id: string; line: StatementLine; plan: LinePlan & { orderId: string } }[]>();
  // Lines naming a payment request, settled after the orders' (each locks its request, then its order).
  const requestLines: { id: string; line: StatementLine; requestId: string; orderId: string; staffUserId: string }[] = [];
  for (const row of fresh) {
    const { line, plan } = byKey.get(row.lineKey)!;
    if (plan.requestId && plan.orderId) {
      requestLines.push({ id: row.id, line, requestId: plan.requestId, orderId: plan.orderId, staffUserId: input.staffUserId });
      continue;
    }
    if (!plan.orderId || plan.problem) continue;
    byOrder.set(plan.orderId, [...(byOrder.get(plan.orderId) ?? []), { id: row.id, line, plan: { ...plan, orderId: plan.orderId } }]);
  }
  let matched = 0;
  const queue = [...byOrder.values()];
  await Promise.all(
    Array.from({ length: Math.max(1, input.concurrency ?? 1) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        for (const item of next) if (await settleLine(db, { ...item, staffUserId: input.staffUserId })) matched++;
    }),
  );
  for (const request of requestLines) if (await settleRequestLine(db, request)) matched++;
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

/** A line's bank reference as the ledger compares it, when the statement has one long enough to name a transfer. */
const MIN_REFERENCE_KEY = 4;
function lineReferenceKey(line: Pick<StatementLine, "reference">): string | null {
  const key = line.reference ? bankReferenceKey(line.reference) : "";
  return key.length >= MIN_REFERENCE_KEY ? key : null;
}

/** What the import does with a new line: settle it under its order's lock (orderId, no problem), or let it wait. */
interface LinePlan {
  orderId: string | null;
  problem: string | null;
  /** The orders the line names (their money as read before any lock). */
  named: NamedOrder[];
  /** The payment request it names instead of an order (its own reference: payment-requests.ts). */
  requestId?: string;
}

/**
 * What each line is, read once for the whole file (statement-matching.ts's rule): the orders the lines name, the
 * payments on them no statement line confirmed yet, and the payments holding the lines' bank references. A line to
 * record or link, or that may be a payment already recorded, is settled one by one under its order's lock
 * (settleLine), which reads and decides again; the others wait with why.
 */
async function planLines(db: PrismaClient, lines: StatementLine[]): Promise<LinePlan[]> {
  const repo = statementsRepository(db);
  // What each line names (read with the line, off the server's thread between batches: statement-import.ts).
  const references = lines.map((line) => line.references);
  const orders = new Map((await repo.findOrdersByReferences([...new Set(references.flat())])).map((o) => [o.paymentReference!, o]));
  const named = references.map((refs) => [...new Set(refs.map((ref) => orders.get(ref)).filter((o) => o !== undefined))]);
  // A line that names no order may name a payment request (docs/product/payment-requests.md).
  const requests = new Map((await requestsByReferences(db, [...new Set(references.flat())])).map((r) => [r.reference, r]));
  const single = [...new Set(named.filter((n) => n.length === 1).map((n) => n[0]!.id))];
  const unlinked = new Map<string, UnlinkedPayment[]>();
  for (const p of await repo.unlinkedPayments(single)) unlinked.set(p.orderId, [...(unlinked.get(p.orderId) ?? []), p]);
  const keys = lines.map(lineReferenceKey);
  const referenced = new Map<string, Awaited<ReturnType<typeof repo.paymentsByReferenceKeys>>>();
  for (const p of await repo.paymentsByReferenceKeys([...new Set(keys.filter((k) => k !== null))]))
    referenced.set(p.bankReferenceKey!, [...(referenced.get(p.bankReferenceKey!) ?? []), p]);
  return lines.map((line, i) => {
    const asked = [...new Set(references[i]!.map((ref) => requests.get(ref)).filter((r) => r !== undefined))];
    if (named[i]!.length === 0 && asked.length === 1)
      return { orderId: asked[0]!.orderId, problem: null, named: [], requestId: asked[0]!.id };
    const only = named[i]!.length === 1 ? named[i]![0]! : null;
    const decision = decideLine(
      { amount: new Prisma.Decimal(line.amount) },
      named[i]!,
      only ? (unlinked.get(only.id) ?? []) : [],
      keys[i] ? (referenced.get(keys[i]) ?? []) : [],
    );
    return decision.kind === "wait"
      ? { orderId: decision.orderId, problem: decision.problem, named: named[i]! }
      : { orderId: decision.orderId, problem: null, named: named[i]! };
  });
}

/**
 * Settles one line under its order's lock, deciding again on what the order holds now: it confirms the payment
 * it is (linked: the payment counts from now if it waited for the bank), or is recorded as the order's payment, or
 * waits in review naming the payment it may be, or waits with why. A refusal of the ledger (the order moved, the
 * payment would count beyond what is owed) leaves it waiting with the refusal. True when settled by the import.
 */
async function settleLine(
  db: PrismaClient,
  input: { id: string; line: StatementLine; plan: LinePlan & { orderId: string }; staffUserId: string },
): Promise<boolean> {
  const amount = new Prisma.Decimal(input.line.amount);
  let decision: LineDecision | null = null;
  try {
    const payment = linePayment(input.line);
    await db.$transaction(async (tx) => {
      const order = await paymentsRepository(tx).lockOrderMoney(input.plan.orderId);
      if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
      const lines = statementsRepository(tx);
      const named = input.plan.named.map((o) => (o.id === order.id ? order : o));
      const key = lineReferenceKey(input.line);
      decision = decideLine(
        { amount },
        named,
        await lines.unlinkedPayments([order.id]),
        key ? await lines.paymentsByReferenceKeys([key]) : [],
      );
      if (decision.kind === "review") {
        await lines.setReview(input.id, decision);
        return null;
      }
      if (decision.kind === "wait") {
        await lines.setProblem(input.id, decision.problem, decision.orderId);
        return null;
      }
      if (decision.kind === "link") {
        if (!(await lines.take(input.id, { state: "linked", orderId: decision.orderId }))) throw new AppError(409, LINE_DECIDED);
        await linkPayment(lines, input.id, decision.paymentId);
        return confirmPayment(tx, decision.paymentId, {
          via: "statement",
          byId: input.staffUserId,
          historyNote: "Pagamento confirmado pelo extrato",
        });
      }
      if (!(await lines.take(input.id, { state: "matched", orderId: decision.orderId }))) throw new AppError(409, LINE_DECIDED);
      const added = await addPayment(tx, decision.orderId, payment, {
        staffUserId: input.staffUserId,
        actor: STATEMENT_ACTOR,
        confirmation: { via: "statement", byId: input.staffUserId },
      });
      await lines.setPayment(input.id, added.paymentId);
      return added;
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const failed = decision as LineDecision | null;
    if (failed?.kind === "link")
      await statementsRepository(db).setReview(input.id, { problem: error.message, orderId: failed.orderId, paymentId: failed.paymentId });
    else await statementsRepository(db).setProblem(input.id, error.message, input.plan.orderId);
    return false;
  }
  const settled = decision as LineDecision | null;
  return settled?.kind === "link" || settled?.kind === "record";
}

/**
 * A line naming a payment request pays it (payRequest: exactly once, only while open, only its amount); a refusal
 * leaves the line waiting with why. True when paid.
 */
async function settleRequestLine(
  db: PrismaClient,
  input: { id: string; line: StatementLine; requestId: string; orderId: string; staffUserId: string },
): Promise<boolean> {
  try {
    const payment = linePayment(input.line);
    await db.$transaction(async (tx) => {
      const lines = statementsRepository(tx);
      if (!(await lines.take(input.id, { state: "matched", orderId: input.orderId }))) throw new AppError(409, LINE_DECIDED);
      const paid = await payRequest(tx, input.requestId, payment, {
        staffUserId: input.staffUserId,
        actor: STATEMENT_ACTOR,
        confirmation: { via: "statement", byId: input.staffUserId },
      });
      await lines.setPayment(input.id, paid.paymentId);
    });
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await statementsRepository(db).setProblem(input.id, error.message, input.orderId);
    return false;
  }
}

/** The line becomes the payment's statement line: one line per payment (a unique index keeps it so). */
async function linkPayment(lines: ReturnType<typeof statementsRepository>, lineId: string, paymentId: string): Promise<void> {
  try {
    await lines.setPayment(lineId, paymentId);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError(409, PAYMENT_LINKED);
    throw error;
  }
}

const PAYMENT_REFERENCE = /^LJ[A-Z0-9]{7}$/i;
const SHORT_ID = /^[A-Za-z0-9]{6}$/;

/** The order staff name by its id, its short id ("#ABC123") or its payment reference ("LJ…"). */
async function orderNamed(db: PrismaClient, name: string): Promise<string> {
  const raw = name.trim().replace(/^#/, "");
  if (!raw) throw new AppError(400, "Indique o pedido (número, #código ou referência de pagamento)");
  const found = await statementsRepository(db).findOrdersNamed(
    raw,
    SHORT_ID.test(raw) ? raw : null,
    PAYMENT_REFERENCE.test(raw) ? raw.toUpperCase() : null,
  );
  if (found.length === 0) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (found.length > 1) throw new AppError(409, `Mais de um pedido corresponde a «${raw}»: indique o número completo`);
  return found[0]!.id;
}

const isWaiting = (state: string) => (WAITING_LINE_STATES as readonly string[]).includes(state);

function mayDuplicateMessage(orderId: string, unlinked: readonly UnlinkedPayment[]): string {
  const listed = unlinked.map((p) => `${formatKz(p.amount.toNumber())}, ref. ${p.bankReference}`).join("; ");
  return `O pedido #${shortOrderId(orderId)} tem pagamentos sem linha do extrato (${listed}): se esta linha é um deles, ligue-a a esse pagamento; se é outro pagamento, registe-o como pagamento novo`;
}

/**
 * An admin records a waiting line on an order as new money: the ledger's own rules apply (its refusals come back
 * as they are). On an order holding payments no statement line confirmed yet, only when the admin says it is
 * another payment (`newPayment`): otherwise it may be one of them, and would count twice.
 */
export async function assignLine(
  db: PrismaClient,
  input: { lineId: string; order: string; staffUserId: string; overpayment?: boolean; duplicateReason?: string; newPayment?: boolean },
): Promise<AdminStatementLine> {
  const line = await statementsRepository(db).findLine(input.lineId);
  if (!line) throw new AppError(404, LINE_NOT_FOUND);
  if (!isWaiting(line.state)) throw new AppError(409, LINE_DECIDED);
  const orderId = await orderNamed(db, input.order);
  const payment = linePayment(
    { ...line, amount: line.amount.toNumber() },
    {
      ...(input.overpayment !== undefined ? { overpayment: input.overpayment } : {}),
      ...(input.duplicateReason !== undefined ? { duplicateReason: input.duplicateReason } : {}),
    },
  );
  const actor = `${STATEMENT_ACTOR} (${await staffActor(db, input.staffUserId)})`;
  await db.$transaction(async (tx) => {
    // The order first, then the line: as the import settles a line, so the two never wait on each other.
    if (!(await paymentsRepository(tx).lockOrderMoney(orderId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    const lines = statementsRepository(tx);
    if (!(await lines.take(line.id, { state: "assigned", orderId, decidedById: input.staffUserId }))) throw new AppError(409, LINE_DECIDED);
    const unlinked = await lines.unlinkedPayments([orderId]);
    if (unlinked.length > 0 && !input.newPayment) throw new AppError(409, mayDuplicateMessage(orderId, unlinked));
    const confirmation = { via: "statement" as const, byId: input.staffUserId };
    const added = await addPayment(tx, orderId, payment, { staffUserId: input.staffUserId, actor, confirmation });
    await lines.setPayment(line.id, added.paymentId);
    return added;
  });
  return getLine(db, line.id);
}

/**
 * An admin says a waiting line is a payment already recorded ("é o mesmo pagamento"): the line becomes that
 * payment's statement line, and the payment counts from now if it waited for the bank. No new money. The payment
 * must be one staff recorded (not a payment service's), have no line yet, and be of the line's amount.
 */
export async function linkLine(
  db: PrismaClient,
  input: { lineId: string; paymentId: string; staffUserId: string },
): Promise<AdminStatementLine> {
  const repo = statementsRepository(db);
  const line = await repo.findLine(input.lineId);
  if (!line) throw new AppError(404, LINE_NOT_FOUND);
  if (!isWaiting(line.state)) throw new AppError(409, LINE_DECIDED);
  const target = await repo.findPaymentToLink(input.paymentId);
  if (!target) throw new AppError(404, PAYMENT_NOT_FOUND);
  if (target.externalId) throw new AppError(409, SERVICE_PAYMENT);
  if (target.statementLine) throw new AppError(409, PAYMENT_LINKED);
  if (!target.amount.equals(line.amount))
    throw new AppError(
      409,
      `O crédito (${formatKz(line.amount.toNumber())}) não é o valor deste pagamento (${formatKz(target.amount.toNumber())}): ligue-o ao pagamento do mesmo valor, ou registe-o como pagamento novo`,
    );
  const actor = await staffActor(db, input.staffUserId);
  await db.$transaction(async (tx) => {
    await paymentsRepository(tx).lockOrderMoney(target.orderId);
    const lines = statementsRepository(tx);
    if (!(await lines.take(line.id, { state: "linked", orderId: target.orderId, decidedById: input.staffUserId })))
      throw new AppError(409, LINE_DECIDED);
    await linkPayment(lines, line.id, target.id);
    return confirmPayment(tx, target.id, {
      via: "statement",
      byId: input.staffUserId,
      historyNote: `Pagamento confirmado pelo extrato (${actor})`,
    });
  });
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

const paymentRef = (p: StaffLineRow["payment"]) =>
  p
    ? {
        id: p.id,
        amount: p.amount.toNumber(),
        bankReference: p.bankReference,
        actor: p.actor,
        receivedAt: p.receivedAt.toISOString(),
        confirmed: p.confirmedAt !== null,
      }
    : null;

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
  payment: paymentRef(row.payment),
  suggestedPayment: row.state === "review" ? paymentRef(row.suggestedPayment) : null,
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
