// The fiscal provider's webhook and the taxpayer lookup at checkout (docs/product/fiscal-documents.md).
// POST /api/fiscal/appypay: AppyPay's non-transactional webhook (a document processed by the AGT). It is believed only
// with APPYPAY_WEBHOOK_SECRET (sent as `Authorization: Bearer <secret>`, or as Basic auth's password, AppyPay's two
// ways), checked before the body is read; even then its body only names which document to fetch again from AppyPay.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorResponses } from "../../schemas/common.ts";
import { TaxpayerParams, TaxpayerReply } from "../../schemas/fiscal.ts";
import { AppError } from "../../domain/errors.ts";
import { lookupTaxpayer, onProviderWebhook } from "../../domain/fiscal/service.ts";
import { carriesSecret } from "../../integrations/appypay/webhook-secret.ts";

const WebhookReply = Type.Object({ success: Type.Literal(true) });
const NOT_CONFIGURED = "Documentos fiscais AppyPay não configurados";

export const fiscalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { config } = deps;

  const webhookAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
    const secret = config.appypay?.webhookSecret;
    if (!deps.fiscal || !secret) throw new AppError(404, NOT_CONFIGURED);
    if (!carriesSecret(request.headers.authorization, secret)) throw new AppError(401, "Notificação não autenticada");
  };

  app.post(
    "/api/fiscal/appypay",
    {
      // Before the body is read or parsed: a caller without the secret gets nothing for its bytes.
      onRequest: webhookAuth,
      schema: {
        tags: ["payments"],
        description:
          "AppyPay's fiscal document notification (Authorization: Bearer <APPYPAY_WEBHOOK_SECRET>). Its body only names the document to fetch again.",
        response: { 200: WebhookReply, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      await onProviderWebhook(deps, request.body);
      return { success: true as const };
    },
  );

  app.get(
    "/api/fiscal/taxpayer/:nif",
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: app.perCustomer } },
      schema: {
        tags: ["shopper"],
        params: TaxpayerParams,
        response: { 200: TaxpayerReply, ...errorResponses(400, 401, 404, 429, 502) },
      },
    },
    async (request) => ({ success: true as const, ...(await lookupTaxpayer(deps, request.params.nif)) }),
  );
};
