// /admin/api/dashboard (admin and support): the console's first screen, and the owner's numbers for a period.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { DashboardNumbersQuery, DashboardNumbersReply, DashboardReply } from "../../schemas/admin-common.ts";
import { dashboardStats } from "../../domain/dashboard/service.ts";
import { dashboardNumbers } from "../../domain/dashboard/numbers.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

export const adminDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  app.get(
    "/dashboard",
    {
      preHandler: app.requireStaff(STAFF_ROLES),
      schema: { tags: ["staff"], response: { 200: DashboardReply, ...errorResponses(401, 403) } },
    },
    async () => {
      return { success: true as const, stats: await dashboardStats(db.prisma) };
    },
  );
  app.get(
    "/dashboard/numbers",
    {
      preHandler: app.requireStaff(STAFF_ROLES),
      schema: {
        tags: ["staff"],
        querystring: DashboardNumbersQuery,
        response: { 200: DashboardNumbersReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, numbers: await dashboardNumbers(db.prisma, req.query.period ?? "7d") }),
  );
};
