import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { SettingsReply } from "../../schemas/settings.ts";
import { getPublicSettings } from "../../domain/settings/service.ts";

/** GET /api/settings: the shop's phones, e-mails, addresses and bank details for the storefront. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get("/api/settings", { schema: { tags: ["shopper"], response: { 200: SettingsReply } } }, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=60");
    return { success: true as const, settings: await getPublicSettings(app.deps.db.prisma, app.deps.config) };
  });
};
