// /admin/api/settings (admin only): the single row of shop details, as id 1 for react-admin.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminSettings, AdminSettingsBody } from "../../schemas/admin-settings.ts";
import { getAdminSettings, saveAdminSettings } from "../../domain/settings/service.ts";

const tags = ["staff"];
const Params = Type.Object({ id: Type.Literal("1") }, { additionalProperties: false });

export const adminSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/settings",
    { preHandler: admin, schema: { tags, response: { 200: Type.Array(AdminSettings), ...errorResponses(401, 403) } } },
    async (_request, reply) => {
      return reply.sendList([await getAdminSettings(db.prisma)], 1, "settings");
    },
  );

  app.get(
    "/settings/:id",
    { preHandler: admin, schema: { tags, params: Params, response: { 200: AdminSettings, ...errorResponses(400, 401, 403) } } },
    async () => getAdminSettings(db.prisma),
  );

  app.put(
    "/settings/:id",
    { preHandler: admin, schema: { tags, params: Params, body: AdminSettingsBody, response: { 200: AdminSettings, ...errorResponses(400, 401, 403) } } },
    async (request) => saveAdminSettings(db.prisma, request.body),
  );
};
