// /admin/api/dashboard (admin and support): the console's first screen.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { DashboardReply } from "../../schemas/admin-common.ts";
import { dashboardStats } from "../../domain/dashboard/service.ts";
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
};
