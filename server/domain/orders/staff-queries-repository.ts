// The staff's reads of orders: the console's list with its search, the order's detail, the Pagamentos queue and
// the figures of the dashboard and the customers list. Order rows are written by repository.ts.
import { requestSelect } from "../payments/payment-requests-repository.ts";
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, BANK_TRANSFER, CANCELLED, PAY_ON_DELIVERY } from "../../../shared/orders.ts";
import { bankReferenceKey } from "../../../shared/payments.ts";
import { phoneSearchDigits } from "../../../shared/phones.ts";
import { orderFiscalDocumentsSelect } from "../fiscal/repository.ts";

/** An order as a staff list row shows it. */
const staffRowSelect = {
  id: true,
  status: true,
  paymentMethod: true,
  paid: true,
  address: true,
  delivery: true,
  shipment: true,
  subtotal: true,
  deliveryFee: true,
  totalAmount: true,
  couponCode: true,
  discount: true,
  createdAt: true,
  updatedAt: true,
  paymentReference: true,
  paymentDeadline: true,
  stockHeldUntil: true,
  stockReleasedAt: true,
  amountPaid: true,
  amountRefunded: true,
  paidException: true,
  nif: true,
  fiscalDocuments: orderFiscalDocumentsSelect,
  refunds: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, amount: true, bankReference: true, status: true, note: true, actor: true, createdAt: true },
  },
  extras: true,
  paymentRequests: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: requestSelect },
  user: { select: { id: true, name: true, email: true } },
  _count: { select: { lines: true } },
  lines: { select: { quantity: true } },
  payments: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      amount: true,
      bankReference: true,
      receivedAt: true,
      note: true,
      actor: true,
      duplicateReason: true,
      overpayment: true,
      createdAt: true,
      confirmedAt: true,
      confirmedVia: true,
      confirmedBy: { select: { name: true } },
      statementLine: { select: { id: true, bookedOn: true } },
    },
  },
  proofs: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      status: true,
      reason: true,
      paymentId: true,
      hints: true,
      decidedAt: true,
      createdAt: true,
      decidedBy: { select: { id: true, name: true } },
      media: { select: { publicId: true, mimeType: true, fileName: true } },
    },
  },
} as const satisfies Prisma.OrderSelect;

/** A staff list row plus lines, status history and chat attachments. */
const staffDetailSelect = {
  ...staffRowSelect,
  lines: {
    orderBy: { position: "asc" },
    select: { productId: true, name: true, image: true, price: true, size: true, quantity: true, reserved: true, stockShort: true },
  },
  statusHistory: {
    orderBy: { createdAt: "asc" },
    select: { status: true, note: true, createdAt: true, changedBy: { select: { id: true, name: true } } },
  },
  messages: {
    where: { mediaId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, sender: true, createdAt: true, media: { select: { publicId: true, mimeType: true, fileName: true } } },
  },
} as const satisfies Prisma.OrderSelect;

export type StaffOrderRow = Prisma.OrderGetPayload<{ select: typeof staffRowSelect }>;
export type StaffOrderDetailRow = Prisma.OrderGetPayload<{ select: typeof staffDetailSelect }>;

interface StaffOrderFilter {
  q?: string;
  status?: string;
  customerId?: string;
  ids?: string[];
}

/**
 * Customers a staff search names (name, e-mail or phone contains the words), found first through the trigram
 * indexes on users: their orders are then read by the (user_id, created_at) index. Asked as one query with
 * relation filters, PostgreSQL checked every one of 100,000 orders against the search (bench: 430 ms).
 */
const MAX_SEARCHED_CUSTOMERS = 1000;
async function customersMatching(db: Db, q: string): Promise<string[]> {
  const digits = phoneSearchDigits(q);
  const rows = await db.user.findMany({
    where: {
      OR: [
        { name: { contains: q, mode: "insensitive" } },
        { email: { contains: q, mode: "insensitive" } },
        // Account phones are stored in E.164 (+244…): their national digits are found inside it.
        ...(digits ? [{ phone: { contains: digits } }] : []),
      ],
    },
    select: { id: true },
    take: MAX_SEARCHED_CUSTOMERS,
  });
  return rows.map((r) => r.id);
}

/** A bank reference shorter than this is not looked up (it would be a word of a name, not a transfer). */
const MIN_BANK_REFERENCE_KEY = 4;
const MAX_SEARCHED_PAYMENTS = 100;

/**
 * What staff hold of an order besides its id and customer: the phone it was delivered to (any format: its stored
 * digits, trigram-indexed), its payment reference or Multicaixa reference (any case and spacing; unique indexes)
 * and a bank reference recorded on it (compared as the ledger compares them, `bankReferenceKey`, on its index).
 * Each is one indexed condition, so the search's OR stays a bitmap of index scans at any number of orders.
 */
async function heldByStaff(db: Db, q: string): Promise<Prisma.OrderWhereInput[]> {
  const arms: Prisma.OrderWhereInput[] = [];
  const digits = phoneSearchDigits(q);
  if (digits) arms.push({ deliveryPhone: { contains: digits } }, { multicaixaReference: digits });
  const compact = q.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  if (compact.length >= MIN_BANK_REFERENCE_KEY) arms.push({ paymentReference: compact });
  const key = bankReferenceKey(q);
  if (key.length >= MIN_BANK_REFERENCE_KEY) {
    const payments = await db.payment.findMany({
      where: { bankReferenceKey: key },
      select: { orderId: true },
      take: MAX_SEARCHED_PAYMENTS,
    });
    if (payments.length) arms.push({ id: { in: [...new Set(payments.map((p) => p.orderId))] } });
  }
  return arms;
}

async function staffWhere(db: Db, f: StaffOrderFilter): Promise<Prisma.OrderWhereInput> {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.ids) and.push({ id: { in: f.ids } });
  if (f.status) and.push({ status: f.status });
  if (f.customerId) and.push({ userId: f.customerId });
  if (f.q) {
    const q = f.q.trim().replace(/^#/, "");
    const [customers, held] = await Promise.all([customersMatching(db, q), heldByStaff(db, q)]);
    and.push({
      OR: [
        // The short id is the end of the id upper-cased (shared/orders.ts shortOrderId); ids are lower-case.
        { id: { endsWith: q.toLowerCase() } },
        { id: q },
        ...(customers.length ? [{ userId: { in: customers } }] : []),
        ...held,
      ],
    });
  }
  return and.length ? { AND: and } : {};
}

/**
 * Bank-transfer orders awaiting payment; with `hasProof`, only those with a proof waiting for a decision. With
 * `unconfirmed`, instead, every order not cancelled holding a payment "por confirmar" (an admin's to approve).
 */
function awaitingTransferWhere(f: { hasProof?: boolean; unconfirmed?: boolean }): Prisma.OrderWhereInput {
  if (f.unconfirmed === true) return { status: { not: CANCELLED }, payments: { some: { confirmedAt: null } } };
  const base: Prisma.OrderWhereInput = { paymentMethod: BANK_TRANSFER, status: AWAITING_PAYMENT };
  if (f.hasProof === true) return { ...base, proofs: { some: { status: "pending" } } };
  if (f.hasProof === false) return { ...base, proofs: { none: { status: "pending" } } };
  return base;
}

export const orderQueries = (db: Db) => ({
  listAwaitingTransfer: (
    f: { hasProof?: boolean; unconfirmed?: boolean },
    orderBy: Prisma.OrderOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<StaffOrderRow[]> => db.order.findMany({ where: awaitingTransferWhere(f), orderBy, skip, take, select: staffRowSelect }),
  countAwaitingTransfer: (f: { hasProof?: boolean; unconfirmed?: boolean }) => db.order.count({ where: awaitingTransferWhere(f) }),

  /** A page of the staff's order list and the count of all it matches (the search's lookups run once for both). */
  pageForStaff: async (
    f: StaffOrderFilter,
    orderBy: Prisma.OrderOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<{ rows: StaffOrderRow[]; total: number }> => {
    const where = await staffWhere(db, f);
    const [rows, total] = await Promise.all([
      db.order.findMany({ where, orderBy, skip, take, select: staffRowSelect }),
      db.order.count({ where }),
    ]);
    return { rows, total };
  },

  /** Customers with an order found by what staff hold of it (delivery phone, payment or bank reference). */
  customersHolding: async (q: string): Promise<string[]> => {
    const held = await heldByStaff(db, q.trim().replace(/^#/, ""));
    if (held.length === 0) return [];
    const rows = await db.order.findMany({
      where: { OR: held },
      select: { userId: true },
      take: MAX_SEARCHED_CUSTOMERS,
    });
    return [...new Set(rows.map((r) => r.userId))];
  },
  findForStaff: (id: string): Promise<StaffOrderDetailRow | null> => db.order.findUnique({ where: { id }, select: staffDetailSelect }),

  countWithStatus: (statuses: readonly string[]) => db.order.count({ where: { status: { in: [...statuses] } } }),
  /** Payments "por confirmar" on orders not cancelled: what admins have to approve or the statement to confirm. */
  countUnconfirmedPayments: () => db.payment.count({ where: { confirmedAt: null, order: { status: { not: CANCELLED } } } }),
  /** Paid orders' totals since `since`, net of refunds (docs/product/orders.md#refunds: dashboard and Clientes agree). */
  revenueSince: async (since: Date, statuses: readonly string[]) => {
    const { _sum } = await db.order.aggregate({
      // A pay-on-delivery order moves on unpaid: it counts once its money was taken.
      where: {
        createdAt: { gte: since },
        status: { in: [...statuses] },
        OR: [{ paymentMethod: { not: PAY_ON_DELIVERY } }, { paid: true }],
      },
      _sum: { totalAmount: true, amountRefunded: true },
    });
    return Math.round(((_sum.totalAmount?.toNumber() ?? 0) - (_sum.amountRefunded?.toNumber() ?? 0)) * 100) / 100;
  },
  latest: (take: number) =>
    db.order.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: { id: true, status: true, totalAmount: true, createdAt: true, user: { select: { name: true } } },
    }),

  /** Orders and money per customer: what the shop received from them, net of refunds (the ledger, not order totals). */
  statsByCustomer: async (userIds: string[]) => {
    if (userIds.length === 0) return new Map<string, { count: number; spent: number }>();
    const [counts, sums] = await Promise.all([
      db.order.groupBy({ by: ["userId"], where: { userId: { in: userIds } }, _count: { _all: true } }),
      db.order.groupBy({ by: ["userId"], where: { userId: { in: userIds } }, _sum: { amountPaid: true, amountRefunded: true } }),
    ]);
    const spent = new Map(sums.map((s) => [s.userId, (s._sum.amountPaid?.toNumber() ?? 0) - (s._sum.amountRefunded?.toNumber() ?? 0)]));
    return new Map(counts.map((c) => [c.userId, { count: c._count._all, spent: spent.get(c.userId) ?? 0 }]));
  },
});
