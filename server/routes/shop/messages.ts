// The support chat (docs/product/shopper-api.md#chat): GET /api/message/:orderId and POST /api/message/send (multipart), owner only.
import { listPaymentRequests } from "../../domain/payments/payment-requests.ts";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import {
  MessageListReply,
  MessageParams,
  MessageReadReply,
  MessageSendReply,
  OrderPdfQuery,
  OrderPdfReply,
} from "../../schemas/messages.ts";
import { MAX_MESSAGE_TEXT } from "../../../shared/chat.ts";
import { AppError } from "../../domain/errors.ts";
import { findOrderPdf, listOrderMessages, markReadByClient, sendClientMessage } from "../../domain/chat/service.ts";
import { toShopperMessage } from "../../domain/chat/message-view.ts";
import { mcxExpressSetup } from "../../deps.ts";
import { CHAT_ORDER_NOT_FOUND } from "../../domain/orders/not-found.ts";

interface MessageRouteLimits {
  /** Messages one customer may send per minute. */
  messagesPerMinute: number;
}

export const messageRoutes: FastifyPluginAsyncTypebox<{ limits: MessageRouteLimits }> = async (app, { limits }) => {
  const { db, hub } = app.deps;

  app.get(
    "/api/message/:orderId",
    {
      preHandler: app.authenticate,
      schema: { tags: ["shopper"], params: MessageParams, response: { 200: MessageListReply, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const { orderId } = request.params;
      // Checks the caller owns the order first: a payment request's card is drawn from the requests listed with it.
      const chat = await listOrderMessages(db.prisma, { orderId, userId: request.user!.userId });
      return {
        success: true as const,
        ...chat,
        paymentRequests: await listPaymentRequests(
          db.prisma,
          orderId,
          app.deps.config.proxypay?.entity,
          Boolean(mcxExpressSetup(app.deps)),
        ),
      };
    },
  );

  app.get(
    "/api/order/attachment",
    {
      // Who asks is checked before what is asked.
      onRequest: app.authenticate,
      schema: {
        tags: ["shopper"],
        description: "The storefront's PDF viewer: is `url` a PDF attached to the caller's own order `orderId`? 404 otherwise.",
        querystring: OrderPdfQuery,
        response: { 200: OrderPdfReply, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true as const, ...(await findOrderPdf(db.prisma, { ...request.query, userId: request.user!.userId })) };
    },
  );

  // The chat stays open while replies arrive live: the page says they were seen, so /orders drops its marker.
  app.post(
    "/api/message/:orderId/read",
    {
      preValidation: app.authenticate,
      schema: { tags: ["shopper"], params: MessageParams, response: { 200: MessageReadReply, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      await markReadByClient(db.prisma, { orderId: request.params.orderId, userId: request.user!.userId });
      return { success: true as const };
    },
  );

  app.post(
    "/api/message/send",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["shopper"],
        consumes: ["multipart/form-data"],
        description: `Multipart fields: orderId; text (optional, at most ${MAX_MESSAGE_TEXT} characters); file (optional, one JPEG, PNG, WebP, GIF or PDF of at most 10 MB).`,
        response: { 200: MessageSendReply, ...errorResponses(400, 401, 404, 413, 415, 429, 507) },
      },
      // Per customer, counted after the token is checked (the limiter runs after authenticate).
      config: {
        rateLimit: {
          max: limits.messagesPerMinute,
          timeWindow: 60_000,
          hook: "preHandler",
          keyGenerator: app.perCustomer,
        },
      },
    },
    async (request) => {
      const form = await request.readForm(["orderId", "text"]);
      const orderId = form.fields.orderId?.trim();
      if (!orderId) throw new AppError(400, CHAT_ORDER_NOT_FOUND);
      const posted = await sendClientMessage(db.prisma, {
        orderId,
        userId: request.user!.userId,
        text: form.fields.text,
        file: form.file && { upload: form.file, media: app.deps.media },
      });
      // Live right after the commit; a staff alert, when nobody is online, follows from its event (server/subscribers/).
      await hub.publishMessage(posted);
      return { success: true as const, message: toShopperMessage(posted.message) };
    },
  );
};
