// The aggregates behind the owner's numbers, each one statement over indexed columns (orders by created_at and by
// status; order lines and payments by order). Days are Luanda's (UTC+1): timestamps are stored in UTC. The period's
// orders lead: their lines and payments are looked up order by order (LATERAL), so a query costs what the period
// holds, not the shop's whole history (docs/design/performance.md#reports-at-scale).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { PAY_ON_DELIVERY } from "../../../shared/orders.ts";

const LUANDA_DAY = Prisma.sql`to_char(o.created_at + interval '1 hour', 'YYYY-MM-DD')`;
/** A pay-on-delivery order moves on unpaid: it counts once its money was taken (docs/product/pay-on-delivery.md). */
const MONEY_TAKEN = Prisma.sql`(o.payment_method <> ${PAY_ON_DELIVERY} OR o.paid)`;

export const dashboardNumbersRepository = (db: Db) => ({
  /** Paid orders per Luanda day since `from`: their count and total, net of what was refunded (as Clientes counts). */
  paidByDay: (from: Date, paid: readonly string[]) =>
    db.$queryRaw<{ day: string; orders: number; revenue: string }[]>`
      SELECT ${LUANDA_DAY} AS day, count(*)::int AS orders, sum(o.total_amount - o.amount_refunded)::text AS revenue
      FROM orders o WHERE o.created_at >= ${from} AND o.status = ANY(${[...paid]}::text[]) AND ${MONEY_TAKEN}
      GROUP BY 1 ORDER BY 1`,

  byStatus: (from: Date) =>
    db.$queryRaw<{ status: string; count: number }[]>`
      SELECT o.status, count(*)::int AS count FROM orders o WHERE o.created_at >= ${from} GROUP BY o.status`,

  /** Orders waiting for their money now (whatever the period): how many, what they still owe, the nearest deadline. */
  awaiting: async (status: string) =>
    (
      await db.$queryRaw<{ count: number; owed: string; oldest: Date | null }[]>`
        SELECT count(*)::int AS count, coalesce(sum(o.total_amount - o.amount_paid), 0)::text AS owed,
               min(o.payment_deadline) AS oldest
        FROM orders o WHERE o.status = ${status}`
    )[0]!,

  /** The products that brought the most money in paid orders since `from`. */
  topProducts: (from: Date, paid: readonly string[], limit: number) =>
    db.$queryRaw<{ productId: string | null; name: string; units: number; revenue: string }[]>`
      SELECT max(l.product_id) AS "productId", max(l.name) AS name, sum(l.quantity)::int AS units,
             sum(l.price * l.quantity)::text AS revenue
      FROM orders o
      -- OFFSET 0 keeps the planner from joining every line of the history by hash.
      CROSS JOIN LATERAL (SELECT l.product_id, l.name, l.quantity, l.price FROM order_lines l WHERE l.order_id = o.id OFFSET 0) l
      WHERE o.created_at >= ${from} AND o.status = ANY(${[...paid]}::text[]) AND ${MONEY_TAKEN}
      -- A deleted product's lines (no product id any more) are told apart by the name they kept.
      GROUP BY coalesce(l.product_id, 'name:' || l.name)
      ORDER BY sum(l.price * l.quantity) DESC, max(l.name) LIMIT ${limit}`,

  /** Paid orders since `from` by how their money came: the card, a Multicaixa payment, or a bank transfer. */
  paidByChannel: (from: Date, paid: readonly string[], card: string, multicaixaActor: string) =>
    db.$queryRaw<{ channel: "card" | "multicaixa" | "transfer"; count: number }[]>`
      SELECT CASE WHEN o.payment_method = ${card} THEN 'card'
                  WHEN m.found IS NOT NULL THEN 'multicaixa'
                  ELSE 'transfer' END AS channel,
             count(*)::int AS count
      FROM orders o
      -- Per order (LIMIT keeps it a lookup), rather than hashing every Multicaixa payment ever recorded.
      LEFT JOIN LATERAL (SELECT 1 AS found FROM payments p WHERE p.order_id = o.id AND p.actor = ${multicaixaActor} LIMIT 1) m ON true
      WHERE o.created_at >= ${from} AND o.status = ANY(${[...paid]}::text[]) AND ${MONEY_TAKEN}
      GROUP BY 1`,
});
