// The console's first screen: what needs doing now and how the month is going. It reads two aggregates (orders
// and the chat's unread conversations), so it is its own small module with no repository of its own.
import type { PrismaClient } from "../../db/client.ts";
import {
  AWAITING_PAYMENT,
  IN_PREPARATION,
  PAID_STATUSES,
  PAYMENT_CONFIRMED,
  shortOrderId,
  type OrderStatus,
} from "../../../shared/orders.ts";
import type { DashboardStats } from "../../schemas/admin-common.ts";
import { chatRepository } from "../chat/repository.ts";
import { orderQueries } from "../orders/staff-queries-repository.ts";

/** Paid but not yet sent. */
const TO_SHIP: readonly OrderStatus[] = [PAYMENT_CONFIRMED, IN_PREPARATION];

/** Start of the current month in Angola (UTC+1, no daylight saving). */
function monthStartLuanda(now = new Date()): Date {
  const local = new Date(now.getTime() + 60 * 60 * 1000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 60 * 60 * 1000);
}

export async function dashboardStats(db: PrismaClient, now = new Date()): Promise<DashboardStats> {
  const orders = orderQueries(db);
  const [awaitingPayment, toShip, unreadConversations, revenue, latest, unconfirmedPayments] = await Promise.all([
    orders.countWithStatus([AWAITING_PAYMENT]),
    orders.countWithStatus(TO_SHIP),
    chatRepository(db).unreadConversations(),
    // Money counts once payment is confirmed; cancelled orders never count.
    orders.revenueSince(monthStartLuanda(now), PAID_STATUSES),
    orders.latest(8),
    orders.countUnconfirmedPayments(),
  ]);
  return {
    awaitingPayment,
    toShip,
    unreadConversations,
    revenueMonth: revenue,
    unconfirmedPayments,
    latestOrders: latest.map((o) => ({
      id: o.id,
      shortId: shortOrderId(o.id),
      customerName: o.user.name,
      status: o.status,
      totalAmount: o.totalAmount.toNumber(),
      createdAt: o.createdAt.toISOString(),
    })),
  };
}
