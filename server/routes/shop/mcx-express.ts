// Multicaixa Express through AppyPay (docs/product/shopper-api.md#multicaixa-express):
// - POST /api/order/mcx-express: the order's owner asks to pay it from their mobile (202: approve it in the app);
// - POST /api/payments/appypay: AppyPay's transactional webhook. Believed only with APPYPAY_WEBHOOK_SECRET (checked
//   before the body is read); even then its body only names the charge, which the shop asks AppyPay about.
// Unconfigured (no APPYPAY_GPO_METHOD), both answer a Portuguese 4xx.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorResponses } from "../../schemas/common.ts";
import { McxExpressBody, McxExpressReply, WebhookReply } from "../../schemas/mcx-express.ts";
import { AppError } from "../../domain/errors.ts";
import { MCX_EXPRESS_UNAVAILABLE, onChargeWebhook, startCharge } from "../../domain/payments/mcx-express.ts";
import { AppyPayError } from "../../integrations/appypay/client.ts";
import { carriesSecret } from "../../integrations/appypay/webhook-secret.ts";
import { mcxExpressSetup } from "../../deps.ts";

export const mcxExpressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const setup = () => mcxExpressSetup(deps);

  app.post(
    "/api/order/mcx-express",
    {
      // Who asks before what they send is read.
      preValidation: app.authenticate,
      // Each try rings the shopper's phone: a few a minute is every honest use.
      config: { rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: app.perCustomer } },
      schema: {
        tags: ["shopper"],
        body: McxExpressBody,
        response: { 202: McxExpressReply, ...errorResponses(400, 401, 404, 409, 413, 415, 429, 502) },
      },
    },
    async (request, reply) => {
      const charge = await startCharge(deps.db.prisma, setup(), { userId: request.user!.userId, ...request.body });
      return reply.code(202).send({ success: true as const, ...charge });
    },
  );

  const webhookAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
    const secret = deps.config.appypay?.webhookSecret;
    if (!setup() || !secret) throw new AppError(404, MCX_EXPRESS_UNAVAILABLE);
    if (!carriesSecret(request.headers.authorization, secret)) throw new AppError(401, "Notificação não autenticada");
  };

  app.post(
    "/api/payments/appypay",
    {
      // Before the body is read or parsed: a caller without the secret gets nothing for its bytes.
      onRequest: webhookAuth,
      schema: {
        tags: ["payments"],
        description:
          "AppyPay's charge notification (Authorization: Bearer <APPYPAY_WEBHOOK_SECRET>). Its body only names the charge; the shop asks AppyPay (GET /charges/{id}) where it stands.",
        response: { 200: WebhookReply, ...errorResponses(400, 401, 404, 413, 415, 503) },
      },
    },
    async (request) => {
      try {
        const outcome = await onChargeWebhook(deps.db.prisma, setup()!, request.body);
        if (outcome === "unknown") request.log.warn({ body: request.body }, "AppyPay charge notification for no charge of ours");
      } catch (error) {
        // AppyPay could not be asked: not acknowledged, so AppyPay sends it again (the reconciliation asks too).
        if (error instanceof AppyPayError) throw new AppError(503, "AppyPay indisponível: tente de novo");
        throw error;
      }
      return { success: true as const };
    },
  );
};
