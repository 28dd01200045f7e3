// The console's first screen: what needs doing now and how the month is going.
import type { PrismaClient } from "../../db/client.ts";
import type { DashboardStats } from "../../schemas/admin-common.ts";
import { adminConversationsRepository } from "./conversations-repository.ts";
import { adminDashboardRepository } from "./dashboard-repository.ts";
import { shortId } from "./orders.ts";

/** Money counts once payment is confirmed; cancelled orders never count. */
const REVENUE_STATES = ["Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue"];

/** Start of the current month in Angola (UTC+1, no daylight saving). */
export function monthStartLuanda(now = new Date()): Date {
  const local = new Date(now.getTime() + 60 * 60 * 1000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 60 * 60 * 1000);
}

export async function dashboardStats(db: PrismaClient, now = new Date()): Promise<DashboardStats> {
  const repo = adminDashboardRepository(db);
  const [awaitingPayment, toShip, unreadConversations, revenue, latest] = await Promise.all([
    repo.countStatus(["Aguardando Pagamento"]),
    repo.countStatus(["Pagamento Confirmado", "Em Preparação"]),
    adminConversationsRepository(db).unreadConversations(),
    repo.revenueSince(monthStartLuanda(now), REVENUE_STATES),
    repo.latest(8),
  ]);
  return {
    awaitingPayment,
    toShip,
    unreadConversations,
    revenueMonth: revenue,
    latestOrders: latest.map((o) => ({
      id: o.id,
      shortId: shortId(o.id),
      customerName: o.user.name,
      status: o.status,
      totalAmount: o.totalAmount.toNumber(),
      createdAt: o.createdAt.toISOString(),
    })),
  };
}
