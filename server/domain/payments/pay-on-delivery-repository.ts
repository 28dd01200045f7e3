// The rows of pay on delivery (docs/product/pay-on-delivery.md): refusals counted per delivery phone, the expiry of
// orders nobody confirmed, and the money taken at the door. Orders and payments themselves are their repositories'.
import type { Db } from "../../db/client.ts";

import { AWAITING_CONFIRMATION, CANCELLED } from "../../../shared/orders.ts";

export const payOnDeliveryRepository = (db: Db) => ({
  /** Deliveries refused by this phone, compared as the orders' generated delivery_phone (its digits). */
  async refusalsOf(phone: string): Promise<number> {
    const rows = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM orders
      WHERE delivery_refused_at IS NOT NULL AND delivery_phone = loja_phone_digits(${phone})`;
    return rows[0]?.n ?? 0;
  },

  markRefused: (orderId: string, at: Date) =>
    db.order.update({ where: { id: orderId }, data: { deliveryRefusedAt: at }, select: { id: true } }),

  /**
   * Cancels, in one statement, the "Por confirmar" orders past their deadline (batch by batch, each once even with
   * several instances: SKIP LOCKED), with their history rows. Returns the ids.
   */
  async cancelUnconfirmed(now: Date, note: string, batch: number): Promise<string[]> {
    const at = now.toISOString();
    const rows = await db.$queryRaw<{ id: string }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
        WHERE o.status = ${AWAITING_CONFIRMATION} AND o.payment_deadline < ${at}::timestamp
        ORDER BY o.payment_deadline
        LIMIT ${batch}
        FOR UPDATE OF o SKIP LOCKED
      ), cancelled AS (
        UPDATE orders o SET status = ${CANCELLED}, updated_at = ${at}::timestamp
        FROM due WHERE o.id = due.id AND o.status = ${AWAITING_CONFIRMATION}
        RETURNING o.id
      ), history AS (
        INSERT INTO order_status_changes (id, order_id, status, note)
        SELECT 'unc' || md5(random()::text || cancelled.id), cancelled.id, ${CANCELLED}, ${note} FROM cancelled
      )
      SELECT id FROM cancelled`;
    return rows.map((r) => r.id);
  },

  /** Money taken at the door between two moments, oldest first, with who recorded it. */
  collectedBetween: (from: Date, to: Date) =>
    db.payment.findMany({
      where: { collectedAtDoor: { not: null }, receivedAt: { gte: from, lt: to } },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        orderId: true,
        amount: true,
        collectedAtDoor: true,
        receivedAt: true,
        actor: true,
        recordedById: true,
        note: true,
      },
    }),

  /** The money of one order as pay on delivery needs it. */
  findOrder: (id: string) =>
    db.order.findUnique({
      where: { id },
      select: { id: true, status: true, paymentMethod: true, paid: true, totalAmount: true, amountPaid: true, amountRefunded: true },
    }),
});

export type DoorPaymentRow = Awaited<ReturnType<ReturnType<typeof payOnDeliveryRepository>["collectedBetween"]>>[number];
