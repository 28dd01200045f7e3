// The money path's rows: payments, proofs of payment, the order's amount paid, and the deadline and reminder
// rounds over orders awaiting payment. Order rows themselves are orders/repository.ts's.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../../shared/orders.ts";
import { PROOF_GRACE_HOURS } from "../../../shared/unpaid-orders.ts";

/** A proof as the shopper sees it. */
const shopProofSelect = {
  id: true,
  status: true,
  reason: true,
  createdAt: true,
  media: { select: { publicId: true, mimeType: true, fileName: true } },
} as const satisfies Prisma.PaymentProofSelect;

export const paymentsRepository = (db: Db) => ({
  /**
   * The order's money, its row held until the caller's transaction ends: payments to one order are recorded one
   * after the other, so each sees what is still owed.
   */
  async lockOrderMoney(id: string) {
    const rows = await db.$queryRaw<
      {
        id: string;
        status: string;
        total_amount: Prisma.Decimal;
        amount_paid: Prisma.Decimal;
        amount_refunded: Prisma.Decimal;
        extras: Prisma.Decimal;
        paid: boolean;
        payment_reference: string | null;
      }[]
    >`SELECT id, status, total_amount, amount_paid, amount_refunded, extras, paid, payment_reference FROM orders WHERE id = ${id} FOR UPDATE`;
    const row = rows[0];
    return row
      ? {
          id: row.id,
          status: row.status,
          totalAmount: new Prisma.Decimal(row.total_amount),
          amountPaid: new Prisma.Decimal(row.amount_paid),
          amountRefunded: new Prisma.Decimal(row.amount_refunded),
          extras: new Prisma.Decimal(row.extras),
          paid: row.paid,
          paymentReference: row.payment_reference,
        }
      : null;
  },

  /** Adds to the order's amount paid (the caller holds the row and checked the column's maximum). */
  addToAmountPaid: (id: string, amount: Prisma.Decimal) =>
    db.order.update({ where: { id }, data: { amountPaid: { increment: amount } }, select: { amountPaid: true } }),

  insertRefund: (data: {
    orderId: string;
    amount: Prisma.Decimal;
    bankReference: string | null;
    status: "done" | "pending";
    note: string | null;
    recordedById: string;
    actor: string;
  }) => db.refund.create({ data, select: { id: true } }),

  /** The order's paid payment requests, oldest paid first (the order refunds share money out in). */
  paidRequestsOf: (orderId: string) =>
    db.paymentRequest.findMany({
      where: { orderId, status: "paid" },
      orderBy: [{ closedAt: "asc" }, { id: "asc" }],
      select: { id: true, amount: true },
    }),

  /** What the order's refunds gave back so far, by the money it was (null: the order's own). */
  async refundedBySource(orderId: string): Promise<Map<string | null, Prisma.Decimal>> {
    const rows = await db.refundShare.groupBy({ by: ["paymentRequestId"], where: { refund: { orderId } }, _sum: { amount: true } });
    return new Map(rows.map((r) => [r.paymentRequestId, r._sum.amount ?? new Prisma.Decimal(0)]));
  },

  insertRefundShares: (refundId: string, shares: { paymentRequestId: string | null; amount: Prisma.Decimal }[]) =>
    db.refundShare.createMany({ data: shares.map((s) => ({ refundId, paymentRequestId: s.paymentRequestId, amount: s.amount })) }),

  addToAmountRefunded: (id: string, amount: Prisma.Decimal) =>
    db.order.update({ where: { id }, data: { amountRefunded: { increment: amount } }, select: { amountRefunded: true } }),

  /** The payment that already holds this bank reference (compared by its key), with its order. */
  findByBankReferenceKey: (key: string) =>
    db.payment.findFirst({
      where: { bankReferenceKey: key },
      orderBy: { createdAt: "asc" },
      select: { id: true, orderId: true, bankReference: true },
    }),

  insertPayment: (data: {
    orderId: string;
    amount: Prisma.Decimal;
    bankReference: string;
    bankReferenceKey: string | null;
    duplicateReason: string | null;
    overpayment: boolean;
    receivedAt: Date;
    note: string | null;
    recordedById: string | null;
    actor: string;
    externalId?: string | null;
    /** Null: "por confirmar" (it does not count until confirmed). */
    confirmedAt: Date | null;
    confirmedVia: string | null;
    confirmedById: string | null;
    collectedAtDoor?: string | null;
  }) => db.payment.create({ data, select: { id: true } }),

  findPaymentOf: (orderId: string, paymentId: string) =>
    db.payment.findFirst({
      where: { id: paymentId, orderId },
      select: { id: true, amount: true, bankReference: true, confirmedAt: true, overpayment: true, externalId: true },
    }),

  orderOfPayment: async (id: string): Promise<string | null> =>
    (await db.payment.findUnique({ where: { id }, select: { orderId: true } }))?.orderId ?? null,

  /**
   * Confirms a payment "por confirmar", once: true only for the caller that made the change (the order's row lock,
   * held by the caller, makes confirmations of one order's payments take turns).
   */
  async markConfirmed(id: string, by: { via: string; byId: string | null }): Promise<boolean> {
    const { count } = await db.payment.updateMany({
      where: { id, confirmedAt: null },
      data: { confirmedAt: new Date(), confirmedVia: by.via, confirmedById: by.byId },
    });
    return count === 1;
  },

  /** What the order holds "por confirmar": recorded by support, not yet matched by the statement nor approved. */
  async unconfirmedTotal(orderId: string): Promise<Prisma.Decimal> {
    const sum = await db.payment.aggregate({ where: { orderId, confirmedAt: null }, _sum: { amount: true } });
    return sum._sum.amount ?? new Prisma.Decimal(0);
  },

  /** Proofs still waiting when the order got paid: nothing is left to decide. */
  closePendingProofs: async (orderId: string): Promise<number> =>
    (await db.paymentProof.updateMany({ where: { orderId, status: "pending" }, data: { status: "closed", decidedAt: new Date() } })).count,

  /** What a proof of payment is checked against: the order (the caller's) and what is still due. */
  findProofTarget: (id: string, userId: string) =>
    db.order.findFirst({
      where: { id, userId },
      select: { id: true, status: true, paymentMethod: true, totalAmount: true, amountPaid: true },
    }),

  insertProof: (data: { orderId: string; mediaId: string; hints: Prisma.InputJsonValue | null }) =>
    db.paymentProof.create({
      data: { orderId: data.orderId, mediaId: data.mediaId, hints: data.hints ?? Prisma.JsonNull },
      select: shopProofSelect,
    }),

  findShopProof: (id: string) => db.paymentProof.findUnique({ where: { id }, select: shopProofSelect }),

  /** Proofs of the order still awaiting a decision. */
  countPendingProofs: (orderId: string) => db.paymentProof.count({ where: { orderId, status: "pending" } }),

  findProofOf: (orderId: string, proofId: string) =>
    db.paymentProof.findFirst({ where: { id: proofId, orderId }, select: { id: true, status: true } }),

  /** Pending → accepted/refused, once: true only for the decision that made the change. */
  async decideProof(
    proofId: string,
    decision: { status: "accepted" | "refused"; reason: string | null; decidedById: string; paymentId?: string },
    opts: { alsoClosed?: boolean } = {},
  ): Promise<boolean> {
    const { count } = await db.paymentProof.updateMany({
      where: { id: proofId, status: opts.alsoClosed ? { in: ["pending", "closed"] } : "pending" },
      data: { ...decision, decidedAt: new Date() },
    });
    return count === 1;
  },

  // The Pagamentos queue
  /**
   * Cancels bank-transfer orders past their deadline with no money recorded, in one statement: a proof awaiting a
   * decision holds an order PROOF_GRACE_HOURS past its deadline and no longer (a refused proof replaced by another
   * never extends it). The rows are locked FOR UPDATE SKIP LOCKED, so instances running this at once each take
   * different orders and every order is cancelled (and its history row written) once. Returns the cancelled ids.
   */
  async cancelOverdue(now: Date, note: string, batch: number): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
        WHERE o.status = ${AWAITING_PAYMENT} AND o.payment_deadline < ${now.toISOString()}::timestamp
          AND o.amount_paid - o.amount_refunded <= 0
          AND (o.payment_deadline + ${PROOF_GRACE_HOURS}::int * interval '1 hour' < ${now.toISOString()}::timestamp
               OR NOT EXISTS (SELECT 1 FROM payment_proofs p WHERE p.order_id = o.id AND p.status = 'pending'))
          AND NOT EXISTS (SELECT 1 FROM payments u WHERE u.order_id = o.id AND u.confirmed_at IS NULL)
        ORDER BY o.payment_deadline
        LIMIT ${batch}
        FOR UPDATE OF o SKIP LOCKED
      ), cancelled AS (
        UPDATE orders o SET status = ${CANCELLED}, updated_at = ${now.toISOString()}::timestamp
        FROM due WHERE o.id = due.id AND o.status = ${AWAITING_PAYMENT}
        RETURNING o.id
      ), history AS (
        INSERT INTO order_status_changes (id, order_id, status, note)
        SELECT 'exp' || md5(random()::text || cancelled.id), cancelled.id, ${CANCELLED}, ${note} FROM cancelled
      )
      SELECT id FROM cancelled`;
    return rows.map((r) => r.id);
  },

  /**
   * Orders past their deadline with money recorded are never cancelled (the money would be kept silently), nor
   * those holding a payment "por confirmar" (the shopper may have paid: staff decide, never the clock): each is
   * marked once, here, for staff to settle; returns their ids.
   */
  async flagOverdueWithMoney(now: Date, batch: number): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
        WHERE o.status = ${AWAITING_PAYMENT} AND o.payment_deadline < ${now.toISOString()}::timestamp
          AND (o.amount_paid - o.amount_refunded > 0
               OR EXISTS (SELECT 1 FROM payments u WHERE u.order_id = o.id AND u.confirmed_at IS NULL))
          AND o.overdue_flagged_at IS NULL
        ORDER BY o.payment_deadline
        LIMIT ${batch}
        FOR UPDATE OF o SKIP LOCKED
      )
      UPDATE orders o SET overdue_flagged_at = ${now.toISOString()}::timestamp
      FROM due WHERE o.id = due.id AND o.overdue_flagged_at IS NULL
      RETURNING o.id`;
    return rows.map((r) => r.id);
  },

  /**
   * Marks, once, the orders that reached half their payment time with something left to pay (an order a discount
   * brought to 0 kz waits for staff, not for the shopper); returns what the reminder says.
   */
  async takeDueReminders(
    now: Date,
    batch: number,
  ): Promise<{ id: string; due: Prisma.Decimal; paymentReference: string | null; paymentDeadline: Date }[]> {
    const at = now.toISOString();
    const rows = await db.$queryRaw<{ id: string; due: Prisma.Decimal; payment_reference: string | null; payment_deadline: Date }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
        WHERE o.status = ${AWAITING_PAYMENT} AND o.reminder_sent_at IS NULL
          AND o.payment_deadline > ${at}::timestamp AND o.total_amount > o.amount_paid
          AND o.created_at + (o.payment_deadline - o.created_at) / 2 <= ${at}::timestamp
        LIMIT ${batch}
        FOR UPDATE OF o SKIP LOCKED
      )
      UPDATE orders o SET reminder_sent_at = ${at}::timestamp
      FROM due WHERE o.id = due.id AND o.reminder_sent_at IS NULL
      RETURNING o.id, o.total_amount - o.amount_paid AS due, o.payment_reference, o.payment_deadline`;
    return rows.map((r) => ({
      id: r.id,
      due: new Prisma.Decimal(r.due),
      paymentReference: r.payment_reference,
      paymentDeadline: new Date(r.payment_deadline),
    }));
  },

  findByMulticaixaReference: (reference: string) =>
    db.order.findUnique({ where: { multicaixaReference: reference }, select: { id: true } }),
});
