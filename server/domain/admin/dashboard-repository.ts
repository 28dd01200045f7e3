import type { Db } from "../../db/client.ts";

export const adminDashboardRepository = (db: Db) => ({
  countStatus: (statuses: string[]) => db.order.count({ where: { status: { in: statuses } } }),
  revenueSince: async (since: Date, statuses: string[]) =>
    (await db.order.aggregate({ where: { createdAt: { gte: since }, status: { in: statuses } }, _sum: { totalAmount: true } }))._sum.totalAmount?.toNumber() ?? 0,
  latest: (take: number) =>
    db.order.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, select: { id: true, status: true, totalAmount: true, createdAt: true, user: { select: { name: true } } } }),
});
