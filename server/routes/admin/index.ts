// The staff API, mounted by app.ts under /admin/api. Each resource registers its routes here.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { staffAuthRoutes } from "./auth.ts";

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(staffAuthRoutes);
};
