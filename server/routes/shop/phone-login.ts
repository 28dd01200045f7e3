// POST /api/user/firebase-login (docs/product/shopper-api.md#post-apiuserfirebase-login): a Firebase ID token in, a Loja session token out.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { FirebaseLoginBody, TokenReply } from "../../schemas/users.ts";
import { phoneLogin } from "../../domain/users/phone-login.ts";
import { PHONE_LOGIN_LIMIT } from "../../domain/users/attempt-limiter.ts";

export const phoneLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, tokens, config, attempts } = app.deps;

  app.post(
    "/api/user/firebase-login",
    {
      schema: { tags: ["shopper"], body: FirebaseLoginBody, response: { 200: TokenReply, ...errorResponses(400, 413, 415, 429, 503) } },
    },
    async (request) => {
      await attempts.takeOrRefuse(`phone-login:${request.ip}`, PHONE_LOGIN_LIMIT);
      const { token } = await phoneLogin(db.prisma, tokens, config.firebase, request.body.idToken);
      return { success: true as const, token, message: "Login realizado com sucesso!" };
    },
  );
};
