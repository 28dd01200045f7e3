// /admin/api/settings (admin only): the single row of shop details, as id 1 for react-admin, with its audit
// trail. The role is checked before the body is validated, so support learns nothing about the settings.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminSettings, AdminSettingsBody } from "../../schemas/admin-settings.ts";
import { getAdminSettings, saveAdminSettings } from "../../domain/settings/service.ts";

const tags = ["staff"];
const Params = Type.Object({ id: Type.Literal("1") }, { additionalProperties: false });

export const adminSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, hub, attempts } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/settings",
    { preValidation: admin, schema: { tags, response: { 200: Type.Array(AdminSettings), ...errorResponses(401, 403) } } },
    async (_request, reply) => {
      return reply.sendList([await getAdminSettings(db.prisma)], 1, "settings");
    },
  );

  app.get(
    "/settings/:id",
    { preValidation: admin, schema: { tags, params: Params, response: { 200: AdminSettings, ...errorResponses(400, 401, 403) } } },
    async () => getAdminSettings(db.prisma),
  );

  // react-admin saves the one record at /settings/1; /settings is the same edit without the id.
  const save = { db: db.prisma, publisher: hub, attempts };
  const saveResponses = { 200: AdminSettings, ...errorResponses(400, 401, 403, 429) };
  app.put("/settings", { preValidation: admin, schema: { tags, body: AdminSettingsBody, response: saveResponses } }, async (request) =>
    saveAdminSettings(save, request.user!.userId, request.body),
  );
  app.put(
    "/settings/:id",
    { preValidation: admin, schema: { tags, params: Params, body: AdminSettingsBody, response: saveResponses } },
    async (request) => saveAdminSettings(save, request.user!.userId, request.body),
  );
};
