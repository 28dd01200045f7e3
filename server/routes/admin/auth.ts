import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { LoginBody, StaffLoginReply } from "../../schemas/users.ts";
import { loginStaff } from "../../domain/users/service.ts";

/** POST /admin/api/auth/login: staff sign-in (roles admin and support). */
export const staffAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, tokens, attempts } = app.deps;
  app.post(
    "/auth/login",
    { schema: { tags: ["staff"], body: LoginBody, response: { 200: StaffLoginReply, ...errorResponses(400, 413, 415, 429) } } },
    async (request) => {
      const { user, token } = await loginStaff(db.prisma, tokens, attempts, request.ip, request.body);
      return { success: true as const, token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },
  );
};
