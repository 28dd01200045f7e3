// The per-order support chat: a customer talks about their own order, staff answer any order.
// Messages are stored (with their attachment) in one transaction with their `message.posted` event; the caller
// hands the stored message to the socket hub after the commit (docs/design/events.md#live-frames).
import { assertUploadQuota } from "../media/quota.ts";
import type { Db, PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { CHAT_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { acceptAttachment, storeAttachment } from "../media/service.ts";
import type { IncomingFile } from "../media/incoming.ts";
import type { MediaStore } from "../media/store.ts";
import { MAX_MESSAGE_TEXT, PDF_NOT_IN_ORDER } from "../../../shared/chat.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { SHOP_SENDER } from "../../../shared/payments.ts";
import type { Message, SupportMessage } from "../../schemas/messages.ts";
import { chatRepository, type ChatMessageRow, type NewChatMessage } from "./repository.ts";
import { toShopperMessage, toSupportMessage } from "./message-view.ts";
import { emitEvents } from "../events/emit.ts";
import { orderEvent } from "../events/catalog.ts";

/** An uploaded file and the media store it goes into. */
export interface ChatFile {
  upload: IncomingFile;
  media: MediaStore;
}

/** A stored message, for the caller to publish live once committed: its order, the order's shopper, the message. */
export interface PostedMessage {
  orderId: string;
  ownerId: string;
  message: SupportMessage;
}

interface NewMessageInput {
  orderId: string;
  text: string | undefined;
  file: ChatFile | null;
}

function cleanText(text: string | undefined, file: ChatFile | null): string | null {
  const trimmed = (text ?? "").trim();
  if (trimmed.length > MAX_MESSAGE_TEXT) throw new AppError(400, `A mensagem pode ter no máximo ${MAX_MESSAGE_TEXT} caracteres`);
  if (!trimmed && !file) throw new AppError(400, "Escreva uma mensagem ou anexe um ficheiro");
  return trimmed || null;
}

/**
 * Stores the message with its attachment's row in one transaction. The file's bytes go into the media store
 * first, outside it (a failed message leaves at most an unreferenced file, never a row without its file); the
 * message's event is written in the same transaction.
 */
async function storeMessage(
  db: PrismaClient,
  data: Omit<NewChatMessage, "mediaId"> & { authorId: string },
  file: ChatFile | null,
  authorName: string | null,
  afterCreate: (tx: Db, created: { id: string; createdAt: Date; mediaId: string | null }) => Promise<unknown>,
): Promise<ChatMessageRow> {
  const accepted = file ? await acceptAttachment(file.media, file.upload) : null;
  return db.$transaction(async (tx) => {
    const media = accepted ? await storeAttachment(tx, accepted, data.authorId) : null;
    const row = await chatRepository(tx).createMessage({ ...data, mediaId: media?.id ?? null });
    await afterCreate(tx, row);
    return {
      ...row,
      author: authorName === null ? null : { name: authorName },
      media: media && { publicId: media.publicId, mimeType: media.mimeType, fileName: media.fileName },
    };
  });
}

async function ownerOf(db: PrismaClient, orderId: string): Promise<string> {
  const owner = await chatRepository(db).findOrderOwner(orderId);
  if (!owner) throw new AppError(404, CHAT_ORDER_NOT_FOUND);
  return owner;
}

/**
 * The customer's own order's chat, oldest first, and the order's status (the chat's header: no second request);
 * support's messages become read by the customer.
 */
export async function listOrderMessages(
  db: PrismaClient,
  input: { orderId: string; userId: string },
): Promise<{ messages: Message[]; status: string }> {
  const repo = chatRepository(db);
  const order = await repo.findOrderOwnerAndStatus(input.orderId);
  // Someone else's order is indistinguishable from a missing one.
  if (order?.userId !== input.userId) throw new AppError(404, CHAT_ORDER_NOT_FOUND);
  const rows = await repo.listMessages(input.orderId);
  if (rows.some((r) => r.sender !== "client" && !r.readByClientAt)) await repo.markReadByClient(input.orderId, new Date());
  return { messages: rows.map((r) => toShopperMessage(toSupportMessage(r))), status: order.status };
}

/** The customer saw the order's chat (a reply arrived while it was open): what is there is read. */
export async function markReadByClient(db: PrismaClient, input: { orderId: string; userId: string }): Promise<void> {
  const owner = await chatRepository(db).findOrderOwner(input.orderId);
  if (owner !== input.userId) throw new AppError(404, CHAT_ORDER_NOT_FOUND);
  await chatRepository(db).markReadByClient(input.orderId, new Date());
}

/** Messages from support or the shop each order's customer has not read yet, by order id. */
export const unreadByClient = (db: Db, orderIds: string[]): Promise<Map<string, number>> =>
  chatRepository(db).unreadByClientByOrder(orderIds);

/**
 * The storefront's PDF viewer asks before rendering (else it would render any same-origin URL): `url` must be a
 * PDF attached to the caller's own order, which the page then names.
 */
export async function findOrderPdf(
  db: PrismaClient,
  input: { orderId: string; userId: string; url: string },
): Promise<{ orderId: string; shortId: string; fileName: string | null }> {
  if ((await chatRepository(db).findOrderOwner(input.orderId)) !== input.userId) throw new AppError(404, CHAT_ORDER_NOT_FOUND);
  const publicId = /^\/media\/([A-Za-z0-9_-]{16,32})$/.exec(input.url)?.[1];
  const found = publicId ? await chatRepository(db).findPdfAttachment(input.orderId, publicId) : null;
  if (!found) throw new AppError(404, PDF_NOT_IN_ORDER);
  return { orderId: input.orderId, shortId: shortOrderId(input.orderId), fileName: found.media?.fileName ?? null };
}

/**
 * A customer writes about their own order (text and/or one file). `alongside` runs in the message's transaction
 * with its stored file (a proof of payment is kept with the very file the chat shows). `message.posted` says
 * whether it starts a wait for support (the first message support has not read): staff may be alerted.
 */
export async function sendClientMessage(
  db: PrismaClient,
  input: NewMessageInput & { userId: string; /** A proof's message: its own staff alert says it (proof.received). */ proof?: boolean },
  alongside?: (tx: Db, mediaId: string | null) => Promise<unknown>,
): Promise<PostedMessage> {
  const text = cleanText(input.text, input.file);
  const owner = await chatRepository(db).findOrderOwner(input.orderId);
  if (owner !== input.userId) throw new AppError(404, CHAT_ORDER_NOT_FOUND);
  if (input.file) await assertUploadQuota(db, { userId: input.userId, orderId: input.orderId, size: input.file.upload.size });
  const row = await storeMessage(
    db,
    { orderId: input.orderId, sender: "client", authorId: input.userId, text },
    input.file,
    null,
    async (tx, created) => {
      await alongside?.(tx, created.mediaId);
      const waitingStarts = !input.proof && (await chatRepository(tx).unreadClientMessages(input.orderId)) === 1;
      await emitEvents(
        tx,
        orderEvent("message.posted", input.orderId, {
          messageId: created.id,
          sender: "client",
          authorId: input.userId,
          text,
          hasAttachment: Boolean(created.mediaId),
          waitingStarts,
        }),
      );
    },
  );
  return { orderId: input.orderId, ownerId: owner, message: toSupportMessage(row) };
}

/** A staff member answers on an order's chat; answering also marks the customer's messages read. */
export async function sendSupportReply(db: PrismaClient, input: NewMessageInput & { staffUserId: string }): Promise<PostedMessage> {
  const text = cleanText(input.text, input.file);
  const [owner, authorName] = await Promise.all([ownerOf(db, input.orderId), chatRepository(db).findAuthorName(input.staffUserId)]);
  const row = await storeMessage(
    db,
    { orderId: input.orderId, sender: "support", authorId: input.staffUserId, text },
    input.file,
    authorName,
    async (tx, created) => {
      await chatRepository(tx).markReadBySupport(input.orderId, created.createdAt);
      // The shopper's push goes at once (a subscriber); the e-mail waits for the digest (notifications/reply-digest.ts).
      await emitEvents(
        tx,
        orderEvent("message.posted", input.orderId, {
          messageId: created.id,
          sender: "support",
          authorId: input.staffUserId,
          text,
          hasAttachment: Boolean(created.mediaId),
          waitingStarts: false,
        }),
      );
    },
  );
  return { orderId: input.orderId, ownerId: owner, message: toSupportMessage(row) };
}

/**
 * The shop itself tells the shopper something in the order's chat (a status change, a payment, a proof decision,
 * a reminder), in the caller's transaction (a subscriber's: server/subscribers/shop-chat-lines.ts): stored as sender
 * 'shop' — the flag that it is automatic: read by support from the start, and it never answers the conversation (the
 * inbox's "A aguardar resposta" and preview look past it: chat/repository.ts and migration 20261204000000,
 * docs/product/chat.md#the-staff-side). Null when the order is gone.
 */
export async function writeShopMessage(
  tx: Db,
  orderId: string,
  text: string,
  /** A payment request's card: the apps show it with its amount, deadline and "Pagar". */
  paymentRequestId?: string,
): Promise<PostedMessage | null> {
  const owner = await chatRepository(tx).findOrderOwner(orderId);
  if (!owner) return null;
  const created = await chatRepository(tx).createMessage({
    orderId,
    sender: SHOP_SENDER,
    authorId: null,
    text: text.slice(0, MAX_MESSAGE_TEXT),
    mediaId: null,
    readBySupportAt: new Date(),
    ...(paymentRequestId ? { paymentRequestId } : {}),
  });
  return { orderId, ownerId: owner, message: toSupportMessage({ ...created, author: null, media: null }) };
}

/** Every message of an order's conversation, oldest first, as staff see them. */
export async function listConversationMessages(db: PrismaClient, orderId: string): Promise<SupportMessage[]> {
  await ownerOf(db, orderId);
  return (await chatRepository(db).listMessages(orderId)).map(toSupportMessage);
}

/** Staff opened the conversation: the customer's messages are read. Returns how many became read. */
export async function markReadBySupport(db: PrismaClient, orderId: string): Promise<number> {
  await ownerOf(db, orderId);
  return (await chatRepository(db).markReadBySupport(orderId, new Date())).count;
}

/** The order's customer, or null when there is no such order (the hub checks who may join a room). */
export const findOrderOwner = (db: PrismaClient, orderId: string): Promise<string | null> => chatRepository(db).findOrderOwner(orderId);

/** A stored message as staff see it (announced by another instance), or null. */
export async function findSupportMessage(db: PrismaClient, messageId: string): Promise<SupportMessage | null> {
  const row = await chatRepository(db).findMessage(messageId);
  return row && toSupportMessage(row);
}
