// Meta's WhatsApp webhook (docs/design/notifications.md#the-whatsapp-webhook). GET answers the subscription check
// (hub.mode=subscribe with our verify token: hub.challenge echoed). POST is believed only with a valid
// X-Hub-Signature-256 over its exact bytes, so this plugin parses JSON itself; it answers 200 once handled, so Meta
// stops retrying. Without WHATSAPP_* both are 404.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { timingSafeEqual } from "node:crypto";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AppError } from "../../domain/errors.ts";
import { handleWhatsAppWebhook, verifyWhatsAppSignature, WHATSAPP_SIGNATURE_HEADER } from "../../notifications/messaging/webhook.ts";
import { keepRawJsonBodies, readSignedJson } from "../../plugins/signed-body.ts";

const NOT_CONFIGURED = "WhatsApp não configurado";
const WebhookReply = Type.Object({ success: Type.Literal(true) });
const VerifyQuery = Type.Object({
  "hub.mode": Type.Optional(Type.String({ maxLength: 32 })),
  "hub.verify_token": Type.Optional(Type.String({ maxLength: 256 })),
  "hub.challenge": Type.Optional(Type.String({ maxLength: 256 })),
});

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const whatsappRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, hub, config, notifier } = app.deps;
  keepRawJsonBodies(app);

  app.get(
    "/api/whatsapp/webhook",
    {
      schema: {
        tags: ["messaging"],
        description: "Meta's webhook verification: echoes hub.challenge when hub.verify_token is ours.",
        querystring: VerifyQuery,
        response: { 200: Type.String(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      if (!config.whatsapp) throw new AppError(404, NOT_CONFIGURED);
      const q = request.query;
      if (q["hub.mode"] !== "subscribe" || !sameText(q["hub.verify_token"] ?? "", config.whatsapp.verifyToken))
        throw new AppError(403, "Token de verificação inválido");
      return reply.type("text/plain").send(q["hub.challenge"] ?? "");
    },
  );

  app.post(
    "/api/whatsapp/webhook",
    {
      schema: {
        tags: ["messaging"],
        description: "WhatsApp statuses and shoppers' messages (JSON body signed in X-Hub-Signature-256).",
        response: { 200: WebhookReply, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      if (!config.whatsapp) throw new AppError(404, NOT_CONFIGURED);
      const { appSecret } = config.whatsapp;
      const parsed = readSignedJson(request, WHATSAPP_SIGNATURE_HEADER, (raw, signature) =>
        verifyWhatsAppSignature(raw, signature, appSecret),
      );
      await handleWhatsAppWebhook({ db: db.prisma, hub, notifier, log: request.log }, parsed);
      return { success: true as const };
    },
  );
};
