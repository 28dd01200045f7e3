// SPEC.md §7 support chat: GET /api/message/:orderId and POST /api/message/send (multipart), owner only.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { errorResponses } from "../../schemas/common.ts";
import { MessageListReply, MessageParams, MessageSendReply } from "../../schemas/messages.ts";
import { MAX_MESSAGE_TEXT } from "../../../shared/chat.ts";
import { AppError } from "../../domain/errors.ts";
import { listOrderMessages, sendClientMessage, type ChatFile } from "../../domain/chat/service.ts";
import { CHAT_ORDER_NOT_FOUND } from "../../domain/orders/not-found.ts";

export interface MessageRouteLimits {
  /** Messages one customer may send per minute. */
  messagesPerMinute: number;
}

const TEXT_FIELDS = new Set(["orderId", "text"]);

interface SendForm {
  orderId: string | undefined;
  text: string | undefined;
  file: ChatFile | null;
}

/** Reads the form: the two text fields and at most one `file` part (size and count bounded by the multipart limits). */
async function readSendForm(request: FastifyRequest): Promise<SendForm> {
  if (!request.isMultipart()) throw new AppError(415, "O pedido deve ser multipart/form-data");
  const form: SendForm = { orderId: undefined, text: undefined, file: null };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "file") throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      const bytes = await part.toBuffer();
      // A browser sends an empty, nameless part for an empty file input: that is no file.
      if (bytes.byteLength === 0 && !part.filename) continue;
      form.file = { bytes, fileName: part.filename || null };
    } else {
      if (!TEXT_FIELDS.has(part.fieldname)) throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      if (typeof part.value !== "string") throw new AppError(400, `Valor inválido no campo ${part.fieldname}`);
      if (part.valueTruncated) throw new AppError(413, `O campo ${part.fieldname} é demasiado longo`);
      if (part.fieldname === "orderId") form.orderId = part.value.trim();
      else form.text = part.value;
    }
  }
  return form;
}

export const messageRoutes: FastifyPluginAsyncTypebox<{ limits: MessageRouteLimits }> = async (app, { limits }) => {
  const { db, hub } = app.deps;

  app.get(
    "/api/message/:orderId",
    {
      preHandler: app.authenticate,
      schema: { tags: ["shopper"], params: MessageParams, response: { 200: MessageListReply, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const messages = await listOrderMessages(db.prisma, { orderId: request.params.orderId, userId: request.user!.userId });
      return { success: true as const, messages };
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
        response: { 200: MessageSendReply, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
      // Per customer, counted after the token is checked (the limiter runs after authenticate).
      config: {
        rateLimit: {
          max: limits.messagesPerMinute,
          timeWindow: 60_000,
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `message:${request.user?.userId ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const form = await readSendForm(request);
      if (!form.orderId) throw new AppError(400, CHAT_ORDER_NOT_FOUND);
      const message = await sendClientMessage(db.prisma, hub, { orderId: form.orderId, userId: request.user!.userId, text: form.text, file: form.file });
      return { success: true as const, message };
    },
  );
};
