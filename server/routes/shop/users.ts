import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import {
  AccountChangesBody,
  AccountReply,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LogoutReply,
  MessageReply,
  RegisterBody,
  ResetPasswordBody,
  TokenReply,
} from "../../schemas/users.ts";
import { getAccount, updateAccount } from "../../domain/users/account.ts";
import { changePassword, loginCustomer, PASSWORD_CHANGED, registerCustomer } from "../../domain/users/service.ts";
import { readToken } from "../../plugins/auth.ts";
import { FORGOT_PASSWORD_REPLY, PASSWORD_RESET_DONE, requestPasswordReset, resetPassword } from "../../domain/users/password-reset.ts";

/** Reset links asked for per client address per window (each e-mail address is limited on its own, see password-reset.ts). */
const FORGOT_PER_WINDOW = 20;
const FORGOT_WINDOW_MS = 15 * 60_000;
const RESETS_PER_WINDOW = 30;

interface UserRouteLimits {
  registerPerWindow: number;
  windowMs: number;
}

export const userRoutes: FastifyPluginAsyncTypebox<{ limits: UserRouteLimits }> = async (app, { limits }) => {
  const { db, tokens, attempts, sessions, notifier } = app.deps;

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

  app.post(
    "/api/user/logout",
    { preHandler: app.authenticate, schema: { tags: ["shopper"], response: { 200: LogoutReply, ...errorResponses(401) } } },
    async (request) => {
      // Every device: a stolen token must not outlive the owner's logout.
      await sessions.endAll(request.user!.userId);
      return { success: true as const };
    },
  );

  app.get(
    "/api/user/account",
    { preHandler: app.authenticate, schema: { tags: ["shopper"], response: { 200: AccountReply, ...errorResponses(401) } } },
    async (request) => ({ success: true as const, account: await getAccount(db.prisma, request.user!.userId, notifier.phoneChannels) }),
  );

  app.patch(
    "/api/user/account",
    {
      preHandler: app.authenticate,
      schema: { tags: ["shopper"], body: AccountChangesBody, response: { 200: AccountReply, ...errorResponses(400, 401, 413, 415) } },
    },
    async (request) => {
      const account = await updateAccount(db.prisma, request.user!.userId, request.body, notifier.phoneChannels);
      sessions.changed(request.user!.userId); // what an order confirmation reads of the account is kept with its session
      return { success: true as const, account };
    },
  );

  app.post(
    "/api/user/change-password",
    {
      preHandler: app.authenticate,
      schema: { tags: ["shopper"], body: ChangePasswordBody, response: { 200: TokenReply, ...errorResponses(400, 401, 413, 415, 429) } },
    },
    async (request) => {
      const token = await changePassword(
        db.prisma,
        tokens,
        sessions,
        attempts,
        { userId: request.user!.userId, token: readToken(request)! },
        request.body,
      );
      return { success: true as const, token, message: PASSWORD_CHANGED };
    },
  );

  app.post(
    "/api/user/forgot-password",
    {
      schema: { tags: ["shopper"], body: ForgotPasswordBody, response: { 200: MessageReply, ...errorResponses(400, 413, 415, 429) } },
      config: { rateLimit: { max: FORGOT_PER_WINDOW, timeWindow: FORGOT_WINDOW_MS } },
    },
    async (request) => {
      // Answered before the lookup is done, so neither the reply nor its timing tells whether the account exists.
      // The mail is written from the request's event right after the commit. The link is built when the mail is
      // sent, on the shop's own address (Notifier.baseUrl), never on the request's Host.
      requestPasswordReset(db.prisma, request.body.email, app.deps.notifier.sealer).catch((error: unknown) =>
        request.log.error({ err: error }, "password reset request failed"),
      );
      return { success: true as const, message: FORGOT_PASSWORD_REPLY };
    },
  );

  app.post(
    "/api/user/reset-password",
    {
      schema: { tags: ["shopper"], body: ResetPasswordBody, response: { 200: MessageReply, ...errorResponses(400, 413, 415, 429) } },
      // A token cannot be guessed (256 bits); the limit spares the CPU the password hashing costs.
      config: { rateLimit: { max: RESETS_PER_WINDOW, timeWindow: FORGOT_WINDOW_MS } },
    },
    async (request) => {
      await resetPassword(db.prisma, sessions, request.body);
      return { success: true as const, message: PASSWORD_RESET_DONE };
    },
  );
};
