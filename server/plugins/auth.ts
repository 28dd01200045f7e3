// Who is calling. Shopper routes add `preHandler: app.authenticate`; staff routes `app.requireStaff(...)`.
// Whichever hook a route lists them in, they run in `onRequest` (moved there as each route is added), so an
// anonymous or wrong-role caller is refused before the body is read, parsed or validated: no field names, no
// multipart parsing, no rate-limit allowance spent for someone who may not call the route at all.
// 401 only for a missing, invalid or expired token (the storefront logs out on 401); a valid token without
// the right role is 403.
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError, SESSION_EXPIRED } from "../domain/errors.ts";
import type { Role, TokenClaims } from "../domain/users/tokens.ts";
import { STAFF_ROLES } from "../../shared/roles.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: TokenClaims | undefined;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    requireStaff(roles?: readonly Role[]): preHandlerAsyncHookHandler;
    /** Rate-limit key of the shopper routes: one allowance per customer (see below). */
    perCustomer(request: FastifyRequest): Promise<string>;
  }
}

/** The Bearer token, or the `token` header the shopper contract allows (used by the Stripe verify call). */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === "string" && header.toLowerCase().startsWith("bearer ")) return header.slice(7).trim();
  const token = request.headers.token;
  return typeof token === "string" ? token.trim() : undefined;
}

type Hook = (...args: never[]) => unknown;
const asList = (hooks: unknown): Hook[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks as Hook]);

export default fp(
  async (app) => {
    app.decorateRequest("user", undefined);
    const authHooks = new WeakSet<Hook>();
    const authHook = <H extends Hook>(hook: H): H => (authHooks.add(hook), hook);

    app.addHook("onRoute", (options) => {
      const route = options as unknown as Record<"onRequest" | "preValidation" | "preHandler", unknown>;
      const moved: Hook[] = [];
      for (const phase of ["preValidation", "preHandler"] as const) {
        const hooks = asList(route[phase]);
        if (!hooks.some((h) => authHooks.has(h))) continue;
        moved.push(...hooks.filter((h) => authHooks.has(h)));
        route[phase] = hooks.filter((h) => !authHooks.has(h));
      }
      // After the route's own onRequest hooks (a limiter there still counts refused callers against their address).
      if (moved.length) route.onRequest = [...asList(route.onRequest), ...moved];
    });

    /**
     * The verified customer, so each one has their own allowance even behind one carrier NAT. A limiter may run
     * before authentication, so the token is checked here too (verified tokens are cached): a forged token cannot
     * spend someone else's allowance, it falls back to the address and is refused with 401 next.
     */
    app.decorate("perCustomer", async (request: FastifyRequest): Promise<string> => {
      const claims = request.user ?? (await app.deps.tokens.verify(readToken(request)));
      return claims ? `user:${claims.userId}` : `ip:${request.ip}`;
    });

    /**
     * A good signature is not enough: the session must still be open (not logged out, password unchanged, account
     * active, role unchanged). Answered from the sessions cache, so a cart write costs no extra round trip.
     */
    const openSession = async (request: FastifyRequest): Promise<TokenClaims> => {
      const claims = await app.deps.tokens.verify(readToken(request));
      const open = claims && (await app.deps.sessions.check(claims));
      if (!open) throw new AppError(401, SESSION_EXPIRED);
      return open;
    };

    app.decorate(
      "authenticate",
      authHook(async (request: FastifyRequest, _reply: FastifyReply) => {
        request.user = await openSession(request);
      }),
    );

    app.decorate("requireStaff", (roles: readonly Role[] = STAFF_ROLES) =>
      authHook(async (request: FastifyRequest, _reply: FastifyReply) => {
        // The role is the account's current one (a role change ends the session anyway).
        const claims = await openSession(request);
        if (claims.role === "customer") throw new AppError(403, "Acesso reservado à equipa da loja");
        if (!roles.includes(claims.role)) throw new AppError(403, "Não tem permissão para esta ação");
        request.user = claims;
      }),
    );
  },
  { name: "auth" },
);
