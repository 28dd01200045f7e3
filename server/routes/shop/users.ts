import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { LoginBody, RegisterBody, TokenReply } from "../../schemas/users.ts";
import { loginCustomer, registerCustomer } from "../../domain/users/service.ts";

export interface UserRouteLimits {
  registerPerWindow: number;
  windowMs: number;
}

export const userRoutes: FastifyPluginAsyncTypebox<{ limits: UserRouteLimits }> = async (app, { limits }) => {
  const { db, tokens, attempts } = app.deps;

  app.post(
    "/api/user/register",
    {
      schema: { tags: ["shopper"], body: RegisterBody, response: { 200: TokenReply, ...errorResponses(400, 409, 413, 415, 429) } },
    },
    async (request) => {
      // Per address, in the database: every instance counts against one limit.
      await attempts.takeOrRefuse(`signup:${request.ip}`, { max: limits.registerPerWindow, windowMs: limits.windowMs });
      const { token } = await registerCustomer(db.prisma, tokens, request.body);
      return { success: true as const, token, message: "Conta criada com sucesso!" };
    },
  );

  app.post(
    "/api/user/login",
    { schema: { tags: ["shopper"], body: LoginBody, response: { 200: TokenReply, ...errorResponses(400, 413, 415, 429) } } },
    async (request) => {
      const { token } = await loginCustomer(db.prisma, tokens, attempts, request.ip, request.body);
      return { success: true as const, token, message: "Login realizado com sucesso!" };
    },
  );
};
