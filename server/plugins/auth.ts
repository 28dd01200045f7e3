// Who is calling. Shopper routes add `preHandler: app.authenticate`; staff routes `app.requireStaff(...)`.
// 401 only for a missing, invalid or expired token (the storefront logs out on 401); a valid token without
// the right role is 403.
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError, SESSION_EXPIRED } from "../domain/errors.ts";
import { usersRepository } from "../domain/users/repository.ts";
import type { Role, TokenClaims } from "../domain/users/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: TokenClaims | undefined;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    requireStaff(roles?: readonly Role[]): preHandlerAsyncHookHandler;
  }
}

/** The Bearer token, or SPEC.md's `token` header (used by the Stripe verify call). */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === "string" && header.toLowerCase().startsWith("bearer ")) return header.slice(7).trim();
  const token = request.headers.token;
  return typeof token === "string" ? token.trim() : undefined;
}

export default fp(
  async (app) => {
    app.decorateRequest("user", undefined);

    app.decorate("authenticate", async (request: FastifyRequest, _reply: FastifyReply) => {
      const claims = await app.deps.tokens.verify(readToken(request));
      if (!claims) throw new AppError(401, SESSION_EXPIRED);
      request.user = claims;
    });

    app.decorate("requireStaff", (roles: readonly Role[] = ["admin", "support"]) => async (request: FastifyRequest, _reply: FastifyReply) => {
      const claims = await app.deps.tokens.verify(readToken(request));
      if (!claims) throw new AppError(401, SESSION_EXPIRED);
      if (claims.role === "customer") throw new AppError(403, "Acesso reservado à equipa da loja");
      // Staff accounts can be deactivated or demoted at any time: the database, not the token, has the last word.
      const user = await usersRepository(app.deps.db.prisma).findById(claims.userId);
      if (!user || !user.active || user.role === "customer") throw new AppError(401, SESSION_EXPIRED);
      if (!roles.includes(user.role)) throw new AppError(403, "Não tem permissão para esta ação");
      request.user = { userId: user.id, role: user.role };
    });
  },
  { name: "auth" },
);
