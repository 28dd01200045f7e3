// The bank statement import's rows: imports, their lines (each once, by its key) and the column mappings admins
// made by hand (only for headers the shop does not recognise by itself).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { WAITING_LINE_STATES, type StatementLineState } from "../../../shared/bank-statements.ts";
import { newOrderId } from "../orders/ids.ts";
import { CANCELLED } from "../../../shared/orders.ts";

/** A payment as a statement line shows it: the one it confirms or recorded, or the one it may be. */
const linePaymentSelect = {
  id: true,
  amount: true,
  bankReference: true,
  actor: true,
  receivedAt: true,
  confirmedAt: true,
  confirmedVia: true,
} as const satisfies Prisma.PaymentSelect;

/** A line as staff see it, with the orders (and payments) it names or went to. */
const staffLineSelect = {
  id: true,
  statementId: true,
  rowNumber: true,
  bookedOn: true,
  description: true,
  reference: true,
  amount: true,
  state: true,
  problem: true,
  paymentId: true,
  dismissReason: true,
  decidedAt: true,
  createdAt: true,
  statement: { select: { fileName: true, importedByName: true, createdAt: true } },
  order: { select: { id: true, paymentReference: true, status: true } },
  suggestedOrder: { select: { id: true, paymentReference: true, status: true } },
  decidedBy: { select: { name: true } },
  payment: { select: linePaymentSelect },
  suggestedPayment: { select: linePaymentSelect },
} as const satisfies Prisma.BankStatementLineSelect;
export type StaffLineRow = Prisma.BankStatementLineGetPayload<{ select: typeof staffLineSelect }>;

interface LineFilter {
  state?: string;
  statementId?: string;
  q?: string;
  ids?: string[];
}

function lineWhere(f: LineFilter): Prisma.BankStatementLineWhereInput {
  const and: Prisma.BankStatementLineWhereInput[] = [];
  if (f.ids) and.push({ id: { in: f.ids } });
  if (f.state) and.push({ state: f.state });
  if (f.statementId) and.push({ statementId: f.statementId });
  if (f.q)
    and.push({
      OR: [
        { description: { contains: f.q, mode: "insensitive" } },
        { reference: { contains: f.q, mode: "insensitive" } },
        { bookedOn: { contains: f.q } },
      ],
    });
  return and.length ? { AND: and } : {};
}

interface NewLine {
  statementId: string;
  lineKey: string;
  rowNumber: number;
  bookedOn: string;
  description: string;
  reference: string | null;
  amount: Prisma.Decimal;
  occurrence: number;
  problem: string | null;
  suggestedOrderId: string | null;
}

/** A stored mapping as the import and the console read it. */
const mappingSelect = {
  signature: true,
  headers: true,
  dateColumn: true,
  descriptionColumn: true,
  amountColumn: true,
  referenceColumn: true,
  savedByName: true,
  createdAt: true,
} as const satisfies Prisma.BankStatementMappingSelect;
export type MappingRow = Prisma.BankStatementMappingGetPayload<{ select: typeof mappingSelect }>;

export const statementsRepository = (db: Db) => ({
  insertStatement: (data: {
    fileName: string | null;
    sha256: string;
    kind: string;
    importedById: string;
    importedByName: string;
    columns: Prisma.InputJsonValue;
  }) => db.bankStatement.create({ data, select: { id: true, createdAt: true } }),

  setCounts: (id: string, counts: { imported: number; matched: number; unmatched: number; duplicates: number; ignored: number }) =>
    db.bankStatement.update({ where: { id }, data: counts, select: { id: true } }),

  /**
   * Stores the lines not yet known (a line already imported, by any statement, is skipped by its unique key:
   * `ON CONFLICT DO NOTHING`) and returns those stored now. Two imports at once each store a line once: the unique
   * index decides. One statement of one array per column (`unnest`): Prisma's createMany spent ~3× as long
   * building its statement as the database spent running it (200 lines ~140 ms against ~45 ms on the embedded
   * database, where that time holds the server's thread). The caller stores a big statement in batches.
   */
  insertNewLines: (lines: NewLine[]): Promise<{ id: string; lineKey: string }[]> => {
    if (lines.length === 0) return Promise.resolve([]);
    const column = <K extends keyof NewLine>(key: K) => lines.map((l) => l[key]);
    return db.$queryRaw<{ id: string; lineKey: string }[]>(Prisma.sql`
      INSERT INTO bank_statement_lines
        (id, statement_id, line_key, row_number, booked_on, description, reference, amount, occurrence, problem,
         suggested_order_id, state, created_at)
      SELECT l.id, l.statement_id, l.line_key, l.row_number, l.booked_on, l.description, l.reference, l.amount, l.occurrence,
             l.problem, l.suggested_order_id, 'unmatched', (now() AT TIME ZONE 'UTC')
      FROM unnest(${lines.map(() => newOrderId())}::text[], ${column("statementId")}::text[], ${column("lineKey")}::text[],
                  ${column("rowNumber")}::int[], ${column("bookedOn")}::text[], ${column("description")}::text[],
                  ${column("reference")}::text[], ${lines.map((l) => l.amount.toFixed(2))}::numeric[], ${column("occurrence")}::int[],
                  ${column("problem")}::text[], ${column("suggestedOrderId")}::text[])
           AS l(id, statement_id, line_key, row_number, booked_on, description, reference, amount, occurrence, problem,
                suggested_order_id)
      ON CONFLICT (line_key) DO NOTHING
      RETURNING id, line_key AS "lineKey"`);
  },

  /** Bank-transfer orders by payment reference, with what they still owe. */
  findOrdersByReferences: (references: string[]) =>
    db.order.findMany({
      where: { paymentReference: { in: references } },
      select: { id: true, paymentReference: true, status: true, totalAmount: true, amountPaid: true },
    }),

  /** One order by its id, the end of its id (the short id, any case) or its payment reference. */
  findOrdersNamed: (id: string, shortId: string | null, paymentReference: string | null) =>
    db.order.findMany({
      where: {
        OR: [
          { id },
          ...(shortId ? [{ id: { endsWith: shortId.toLowerCase() } }] : []),
          ...(paymentReference ? [{ paymentReference }] : []),
        ],
      },
      select: { id: true },
      take: 3,
    }),

  /**
   * Takes a waiting line (unmatched or in review) for a decision: only the first of several at once gets it (the
   * row stays locked until the caller's transaction ends, so a payment that fails puts the line back).
   */
  async take(
    id: string,
    to: {
      state: Exclude<StatementLineState, (typeof WAITING_LINE_STATES)[number]>;
      orderId?: string | null;
      decidedById?: string | null;
      dismissReason?: string;
    },
  ): Promise<boolean> {
    const { count } = await db.bankStatementLine.updateMany({
      where: { id, state: { in: [...WAITING_LINE_STATES] } },
      data: {
        state: to.state,
        orderId: to.orderId ?? null,
        decidedById: to.decidedById ?? null,
        dismissReason: to.dismissReason ?? null,
        decidedAt: new Date(),
        problem: null,
      },
    });
    return count === 1;
  },

  setPayment: (id: string, paymentId: string) => db.bankStatementLine.update({ where: { id }, data: { paymentId }, select: { id: true } }),

  /** Why a line still waits (and the order it names), after an attempt to record it failed. */
  setProblem: (id: string, problem: string, suggestedOrderId: string | null) =>
    db.bankStatementLine.updateMany({ where: { id, state: "unmatched" }, data: { problem, suggestedOrderId } }),

  /** A waiting line may be a payment already recorded: it waits in review, naming that payment and its order. */
  setReview: (id: string, review: { problem: string; orderId: string; paymentId: string }) =>
    db.bankStatementLine.updateMany({
      where: { id, state: { in: [...WAITING_LINE_STATES] } },
      data: { state: "review", problem: review.problem, suggestedOrderId: review.orderId, suggestedPaymentId: review.paymentId },
    }),

  findLine: (id: string) =>
    db.bankStatementLine.findUnique({
      where: { id },
      select: { id: true, state: true, bookedOn: true, description: true, reference: true, amount: true, occurrence: true },
    }),

  /**
   * Payments staff recorded on these orders (by hand or from a proof) that no statement line has confirmed yet,
   * oldest first. Payment services' (Multicaixa, Stripe: `externalId`) are left out: the service confirmed them,
   * and their settlement on the statement names no order.
   */
  /**
   * The orders a waiting line may be: not cancelled, and naming one of `references`, or owing money, or holding a
   * payment staff recorded of `amount` with no statement line; newest first, at most `take`. With each, its payments
   * staff recorded with no statement line.
   */
  candidateOrders: (references: string[], amount: Prisma.Decimal, take: number) =>
    db.order.findMany({
      where: {
        status: { not: CANCELLED },
        OR: [
          ...(references.length ? [{ paymentReference: { in: references } }] : []),
          { amountPaid: { lt: db.order.fields.totalAmount } },
          { payments: { some: { amount, externalId: null, statementLine: { is: null } } } },
        ],
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: {
        id: true,
        paymentReference: true,
        status: true,
        totalAmount: true,
        amountPaid: true,
        createdAt: true,
        address: true,
        user: { select: { name: true } },
        payments: {
          where: { externalId: null, statementLine: { is: null } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: linePaymentSelect,
        },
      },
    }),

  unlinkedPayments: (orderIds: string[]) =>
    orderIds.length === 0
      ? Promise.resolve([])
      : db.payment.findMany({
          where: { orderId: { in: orderIds }, externalId: null, statementLine: { is: null } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { id: true, orderId: true, amount: true, bankReference: true, actor: true },
        }),

  /** Payments holding these bank references (compared by key), oldest first, and whether a line confirmed each. */
  async paymentsByReferenceKeys(keys: string[]) {
    const found = [];
    for (let i = 0; i < keys.length; i += 1000) {
      const rows = await db.payment.findMany({
        where: { bankReferenceKey: { in: keys.slice(i, i + 1000) } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          orderId: true,
          amount: true,
          bankReference: true,
          bankReferenceKey: true,
          actor: true,
          statementLine: { select: { id: true } },
        },
      });
      found.push(...rows.map(({ statementLine, ...p }) => ({ ...p, linked: statementLine !== null })));
    }
    return found;
  },

  /** What linking a line to a payment checks: its order and amount, whether a service recorded it, its line. */
  findPaymentToLink: (id: string) =>
    db.payment.findUnique({
      where: { id },
      select: { id: true, orderId: true, amount: true, externalId: true, statementLine: { select: { id: true } } },
    }),

  findStaffLine: (id: string): Promise<StaffLineRow | null> => db.bankStatementLine.findUnique({ where: { id }, select: staffLineSelect }),

  listLines: (
    f: LineFilter,
    orderBy: Prisma.BankStatementLineOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<StaffLineRow[]> => db.bankStatementLine.findMany({ where: lineWhere(f), orderBy, skip, take, select: staffLineSelect }),

  countLines: (f: LineFilter) => db.bankStatementLine.count({ where: lineWhere(f) }),

  listStatements: (orderBy: Prisma.BankStatementOrderByWithRelationInput[], skip: number, take: number) =>
    db.bankStatement.findMany({
      orderBy,
      skip,
      take,
      select: {
        id: true,
        fileName: true,
        kind: true,
        importedByName: true,
        imported: true,
        matched: true,
        unmatched: true,
        duplicates: true,
        ignored: true,
        columns: true,
        createdAt: true,
      },
    }),

  countStatements: () => db.bankStatement.count(),

  /** Every stored mapping (a handful: one per bank whose export the shop does not read by itself). */
  allMappings: (): Promise<MappingRow[]> => db.bankStatementMapping.findMany({ orderBy: { createdAt: "desc" }, select: mappingSelect }),

  findMapping: (signature: string): Promise<MappingRow | null> =>
    db.bankStatementMapping.findUnique({ where: { signature }, select: mappingSelect }),

  /** Stores a mapping unless one exists for that header (then false: a mapping is never overwritten, only deleted). */
  async createMapping(data: {
    signature: string;
    headers: string[];
    dateColumn: number;
    descriptionColumn: number;
    amountColumn: number;
    referenceColumn: number | null;
    savedById: string;
    savedByName: string;
  }): Promise<boolean> {
    const { count } = await db.bankStatementMapping.createMany({ data: [data], skipDuplicates: true });
    return count === 1;
  },

  deleteMapping: async (signature: string): Promise<boolean> =>
    (await db.bankStatementMapping.deleteMany({ where: { signature } })).count === 1,
});
