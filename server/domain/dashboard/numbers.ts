// The owner's numbers for a period (docs/product/console.md#the-owners-numbers): revenue from paid orders per day,
// orders by status, money awaiting payment, the best sellers, the average paid order and how orders were paid.
// Money counts once the order is paid (its status says so: the ledger decides it); cancelled orders never count.
import type { PrismaClient } from "../../db/client.ts";
import { AWAITING_PAYMENT, CARD, PAID_STATUSES } from "../../../shared/orders.ts";
import { periodDays, type DashboardPeriod } from "../../../shared/dashboard.ts";
import type { DashboardNumbers } from "../../schemas/admin-common.ts";
import { MULTICAIXA_ACTOR } from "../payments/multicaixa.ts";
import { dashboardNumbersRepository } from "./numbers-repository.ts";

const TOP_PRODUCTS = 10;
/** Sums come from numeric columns as text: kwanza with cents, kept exact until here. */
const kz = (value: string | null | undefined) => Math.round(Number(value ?? 0) * 100) / 100;

export async function dashboardNumbers(db: PrismaClient, period: DashboardPeriod, now = new Date()): Promise<DashboardNumbers> {
  const { from, days } = periodDays(period, now);
  const numbers = dashboardNumbersRepository(db);
  const [byDay, byStatus, awaiting, top, channels] = await Promise.all([
    numbers.paidByDay(from, PAID_STATUSES),
    numbers.byStatus(from),
    numbers.awaiting(AWAITING_PAYMENT),
    numbers.topProducts(from, PAID_STATUSES, TOP_PRODUCTS),
    numbers.paidByChannel(from, PAID_STATUSES, CARD, MULTICAIXA_ACTOR),
  ]);
  // Every day of the period, with nothing on the days nothing was paid (the chart shows the gaps).
  const found = new Map(byDay.map((d) => [d.day, d]));
  const revenueByDay = days.map((day) => ({ day, orders: found.get(day)?.orders ?? 0, revenue: kz(found.get(day)?.revenue) }));
  const paidOrders = revenueByDay.reduce((n, d) => n + d.orders, 0);
  const revenue = kz(String(revenueByDay.reduce((sum, d) => sum + d.revenue, 0)));
  const channel = (name: "card" | "multicaixa" | "transfer") => channels.find((c) => c.channel === name)?.count ?? 0;
  return {
    period,
    from: from.toISOString(),
    revenue,
    paidOrders,
    averageOrderValue: paidOrders ? Math.round(revenue / paidOrders) : 0,
    revenueByDay,
    ordersByStatus: byStatus.sort((a, b) => b.count - a.count),
    awaiting: { count: awaiting.count, total: kz(awaiting.owed), oldestDeadline: awaiting.oldest?.toISOString() ?? null },
    topProducts: top.map((p) => ({ productId: p.productId, name: p.name, units: p.units, revenue: kz(p.revenue) })),
    paidBy: { multicaixa: channel("multicaixa"), transfer: channel("transfer"), card: channel("card") },
  };
}
