// POST /api/payments/proxypay: ProxyPay's payment notifications (docs/design/money.md#multicaixa-proxypay). Only a body
// whose X-Signature is the HMAC-SHA256 of its exact bytes keyed with our API key is believed; the raw body is kept for
// that, so this route parses JSON itself. Answered 200 once handled (recorded, replayed or not ours) so ProxyPay stops
// retrying.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AppError } from "../../domain/errors.ts";
import { recordMulticaixaPayment } from "../../domain/payments/multicaixa.ts";
import { PROXYPAY_SIGNATURE_HEADER, readProxyPayPayment, verifyProxyPaySignature } from "../../integrations/proxypay.ts";
import { keepRawJsonBodies, readSignedJson } from "../../plugins/signed-body.ts";

const WebhookReply = Type.Object({ success: Type.Literal(true) });

/**
 * A payment cannot be dated later than now; a day allows for clocks and time zones written without an offset.
 * A date beyond it (2099) would sort and report wrongly for ever: the notification is refused, not stored.
 */
const MAX_PAYMENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
/** Multicaixa began long after this: an earlier date is a malformed one. */
const EARLIEST_PAYMENT = Date.UTC(2000, 0, 1);

export const proxyPayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  keepRawJsonBodies(app);

  app.post(
    "/api/payments/proxypay",
    {
      schema: {
        tags: ["payments"],
        description: "ProxyPay payment notification (JSON body signed in the X-Signature header).",
        response: { 200: WebhookReply, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      if (!config.proxypay) throw new AppError(404, "Pagamentos Multicaixa não configurados");
      const { apiKey } = config.proxypay;
      const parsed = readSignedJson(request, PROXYPAY_SIGNATURE_HEADER, (raw, signature) =>
        verifyProxyPaySignature(raw, signature, apiKey),
      );
      const payment = readProxyPayPayment(parsed);
      if (!payment) throw new AppError(400, "Notificação inválida");
      const paidAt = payment.receivedAt.getTime();
      if (paidAt > Date.now() + MAX_PAYMENT_CLOCK_SKEW_MS || paidAt < EARLIEST_PAYMENT)
        throw new AppError(400, "Notificação inválida: data de pagamento impossível");
      await recordMulticaixaPayment(db.prisma, payment, (fields, message) => request.log.warn(fields, message));
      return { success: true as const };
    },
  );
};
