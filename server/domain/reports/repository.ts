// The rows of the accountant's exports (docs/product/staff-api.md#exports), read a page at a time in the order
// they are written: orders by when they were placed, payments by when they were received (both indexed).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export interface OrderReportRow {
  id: string;
  createdAt: Date;
  customerName: string;
  email: string | null;
  status: string;
  paymentMethod: string;
  subtotal: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  totalAmount: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
  amountRefunded: Prisma.Decimal;
  extras: Prisma.Decimal;
}

export interface PaymentReportRow {
  id: string;
  receivedAt: Date;
  orderId: string;
  customerName: string;
  amount: Prisma.Decimal;
  bankReference: string;
  actor: string;
  overpayment: boolean;
  note: string | null;
  /** Null: "por confirmar". */
  confirmedVia: string | null;
  confirmedBy: string | null;
  /** The statement line that confirms it, YYYY-MM-DD (null: none yet). */
  statementDay: string | null;
}

/** A payment staff recorded that no statement line confirmed (the unlinked-payments report). */
export interface UnlinkedPaymentRow extends PaymentReportRow {
  orderStatus: string;
}

/** Where the previous page ended: the next one starts after it. */
export interface PageCursor {
  at: Date;
  id: string;
}

const after = (column: Prisma.Sql, cursor: PageCursor | undefined) =>
  cursor ? Prisma.sql`AND (${column}, x.id) > (${cursor.at}, ${cursor.id})` : Prisma.empty;

export const reportsRepository = (db: Db) => ({
  /** Orders placed in [from, to), oldest first, `take` after `cursor`. */
  orders: (from: Date, to: Date, take: number, cursor?: PageCursor) =>
    db.$queryRaw<OrderReportRow[]>(Prisma.sql`
      SELECT x.id, x.created_at AS "createdAt", u.name AS "customerName", u.email, x.status, x.payment_method AS "paymentMethod",
             x.subtotal, x.delivery_fee AS "deliveryFee", x.total_amount AS "totalAmount", x.amount_paid AS "amountPaid",
             x.amount_refunded AS "amountRefunded", x.extras
        FROM orders x JOIN users u ON u.id = x.user_id
       WHERE x.created_at >= ${from} AND x.created_at < ${to} ${after(Prisma.sql`x.created_at`, cursor)}
       ORDER BY x.created_at, x.id
       LIMIT ${take}::int`),

  /** Payments received in [from, to), oldest first, `take` after `cursor`. */
  payments: (from: Date, to: Date, take: number, cursor?: PageCursor) =>
    db.$queryRaw<PaymentReportRow[]>(Prisma.sql`
      SELECT x.id, x.received_at AS "receivedAt", x.order_id AS "orderId", u.name AS "customerName", x.amount,
             x.bank_reference AS "bankReference", x.actor, x.overpayment, x.note, x.confirmed_via AS "confirmedVia",
             cb.name AS "confirmedBy", l.booked_on AS "statementDay"
        FROM payments x JOIN orders o ON o.id = x.order_id JOIN users u ON u.id = o.user_id
        LEFT JOIN users cb ON cb.id = x.confirmed_by_id
        LEFT JOIN bank_statement_lines l ON l.payment_id = x.id
       WHERE x.received_at >= ${from} AND x.received_at < ${to} ${after(Prisma.sql`x.received_at`, cursor)}
       ORDER BY x.received_at, x.id
       LIMIT ${take}::int`),

  /**
   * Payments staff recorded (not a payment service's) received before `before` that no statement line confirmed,
   * oldest first, `take` after `cursor`: what the bank has not shown after so many days.
   */
  unlinkedPayments: (before: Date, take: number, cursor?: PageCursor) =>
    db.$queryRaw<UnlinkedPaymentRow[]>(Prisma.sql`
      SELECT x.id, x.received_at AS "receivedAt", x.order_id AS "orderId", u.name AS "customerName", x.amount,
             x.bank_reference AS "bankReference", x.actor, x.overpayment, x.note, x.confirmed_via AS "confirmedVia",
             cb.name AS "confirmedBy", NULL::text AS "statementDay", o.status AS "orderStatus"
        FROM payments x JOIN orders o ON o.id = x.order_id JOIN users u ON u.id = o.user_id
        LEFT JOIN users cb ON cb.id = x.confirmed_by_id
       WHERE x.external_id IS NULL AND x.received_at < ${before}
         AND NOT EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.payment_id = x.id)
         ${after(Prisma.sql`x.received_at`, cursor)}
       ORDER BY x.received_at, x.id
       LIMIT ${take}::int`),
});
