// The periods the owner's numbers cover (console dashboard, /admin/api/dashboard/numbers), counted in Luanda's
// days (UTC+1 all year): "today" from Luanda's midnight, "7d" and "30d" that many days including today
// (docs/product/console.md#the-owners-numbers).

export const DASHBOARD_PERIODS = ["today", "7d", "30d"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const PERIOD_DAYS: Readonly<Record<DashboardPeriod, number>> = { today: 1, "7d": 7, "30d": 30 };
const DAY_MS = 86_400_000;
/** Angola's offset from UTC: one hour, no daylight saving. */
export const LUANDA_OFFSET_MS = 3_600_000;

/** "2026-11-26": the Luanda day of `date`. */
export const luandaIsoDay = (date: Date): string => new Date(date.getTime() + LUANDA_OFFSET_MS).toISOString().slice(0, 10);

/** The period's Luanda days, oldest first, and the instant its first day began. */
export function periodDays(period: DashboardPeriod, now: Date): { from: Date; days: string[] } {
  const todayStart = Date.parse(`${luandaIsoDay(now)}T00:00:00Z`) - LUANDA_OFFSET_MS;
  const count = PERIOD_DAYS[period];
  const from = new Date(todayStart - (count - 1) * DAY_MS);
  const days = Array.from({ length: count }, (_, i) => luandaIsoDay(new Date(from.getTime() + i * DAY_MS)));
  return { from, days };
}

/**
 * The accountant's range exports (docs/product/console.md#exports): the orders and the payments of a range of Luanda
 * days (the unlinked-payments report takes a number of days instead).
 */
export type ReportKind = "orders" | "payments";

/** The export's file name, the server's download and the console's saved file alike: "pedidos-2026-11-01-a-2026-11-30.csv". */
export const reportFileName = (kind: ReportKind, from: string, to: string): string =>
  `${kind === "orders" ? "pedidos" : "pagamentos"}-${from}-a-${to}.csv`;
