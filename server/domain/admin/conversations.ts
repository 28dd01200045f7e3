// The support inbox: one conversation per order, latest message first, unread counts; staff replies are
// stored with sender 'support' and handed to the real-time hub after the commit.
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { mediaUrl, storeAttachment } from "../media/service.ts";
import type { AdminConversation, AdminMessage } from "../../schemas/admin-conversations.ts";
import type { ListParams } from "../../schemas/admin-common.ts";
import { adminConversationsRepository, type MessageRow } from "./conversations-repository.ts";
import type { ListSpec } from "./list-params.ts";
import { shortId } from "./orders.ts";

export const CONVERSATION_LIST: ListSpec<{ q: "string"; unread: "boolean"; id: "ids" }> = {
  filters: { q: "string", unread: "boolean", id: "ids" },
  sortable: ["lastMessageAt"],
  defaultSort: { field: "lastMessageAt", order: "DESC" },
};

export const MAX_TEXT = 4000;
const ORDER_NOT_FOUND = "Encomenda não encontrada";

export function toAdminMessage(m: MessageRow): AdminMessage {
  return {
    _id: m.id,
    orderId: m.orderId,
    sender: m.sender === "client" ? "client" : "support",
    text: m.text ?? "",
    fileUrl: m.media ? mediaUrl(m.media.publicId) : null,
    type: m.media ? (m.media.mimeType === "application/pdf" ? "pdf" : "image") : null,
    fileName: m.media?.fileName ?? null,
    createdAt: m.createdAt.toISOString(),
    authorName: m.sender === "support" ? (m.author?.name ?? null) : null,
    readBySupportAt: m.readBySupportAt?.toISOString() ?? null,
    readByClientAt: m.readByClientAt?.toISOString() ?? null,
  };
}

/** The shopper-facing Message of the socket contract (no staff-only fields). */
export const toShopperMessage = (m: AdminMessage) => ({
  _id: m._id,
  orderId: m.orderId,
  sender: m.sender,
  text: m.text,
  fileUrl: m.fileUrl,
  type: m.type,
  fileName: m.fileName,
  createdAt: m.createdAt,
});

export async function listConversations(db: PrismaClient, params: ListParams<{ q?: string; unread?: boolean; id?: string[] }>) {
  const repo = adminConversationsRepository(db);
  const f = { q: params.filter.q, unread: params.filter.unread, ids: params.filter.id };
  const [keys, total] = await Promise.all([repo.keys(f, params.sortOrder, params.skip, params.take), repo.count(f)]);
  const ids = keys.map((k) => k.orderId);
  const [orders, lasts] = await Promise.all([repo.orders(ids), repo.lastMessages(ids)]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const lastById = new Map(lasts.map((m) => [m.orderId, m]));
  const rows: AdminConversation[] = keys.flatMap((k) => {
    const o = orderById.get(k.orderId);
    const last = lastById.get(k.orderId);
    if (!o || !last) return [];
    return [{
      id: o.id,
      orderId: o.id,
      shortId: shortId(o.id),
      customer: o.user,
      status: o.status,
      totalAmount: o.totalAmount.toNumber(),
      lastMessageAt: k.lastAt.toISOString(),
      lastMessage: { sender: last.sender, text: (last.text ?? "").slice(0, 200), type: last.media ? (last.media.mimeType === "application/pdf" ? "pdf" : "image") : null },
      unread: k.unread,
      messageCount: k.total,
    }];
  });
  return { rows, total };
}

export async function getConversation(db: PrismaClient, orderId: string): Promise<AdminConversation> {
  const { rows } = await listConversations(db, { filter: { id: [orderId] }, sortField: "lastMessageAt", sortOrder: "DESC", skip: 0, take: 1 });
  if (rows[0]) return rows[0];
  // An order without messages yet still has an (empty) conversation staff may open and start.
  const order = (await adminConversationsRepository(db).orders([orderId]))[0];
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return {
    id: order.id, orderId: order.id, shortId: shortId(order.id), customer: order.user, status: order.status, totalAmount: order.totalAmount.toNumber(),
    lastMessageAt: new Date(0).toISOString(), lastMessage: { sender: "support", text: "", type: null }, unread: 0, messageCount: 0,
  };
}

export async function listMessages(db: PrismaClient, orderId: string): Promise<AdminMessage[]> {
  const repo = adminConversationsRepository(db);
  if (!(await repo.findOrder(orderId))) throw new AppError(404, ORDER_NOT_FOUND);
  return (await repo.messages(orderId)).map(toAdminMessage);
}

export async function markConversationRead(db: PrismaClient, orderId: string): Promise<number> {
  const repo = adminConversationsRepository(db);
  if (!(await repo.findOrder(orderId))) throw new AppError(404, ORDER_NOT_FOUND);
  return (await repo.markRead(orderId, new Date())).count;
}

export const countUnreadConversations = (db: PrismaClient) => adminConversationsRepository(db).unreadConversations();

export interface SupportReplyInput {
  orderId: string;
  staffId: string;
  text: string;
  file: { bytes: Uint8Array; fileName: string | null } | null;
}

export interface SupportReplyResult { message: AdminMessage; customerId: string }

/** Stores a staff reply (text and/or one file); replying also marks the customer's messages read. */
export async function sendSupportReply(db: PrismaClient, input: SupportReplyInput): Promise<SupportReplyResult> {
  const text = input.text.trim();
  if (text.length > MAX_TEXT) throw new AppError(400, `A mensagem pode ter no máximo ${MAX_TEXT} caracteres`);
  if (!text && !input.file) throw new AppError(400, "Escreva uma mensagem ou anexe um ficheiro");
  const repo = adminConversationsRepository(db);
  const order = await repo.findOrder(input.orderId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  const media = input.file ? await storeAttachment(db, { bytes: input.file.bytes, fileName: input.file.fileName, ownerId: input.staffId }) : null;
  const row = await db.$transaction(async (tx) => {
    const r = adminConversationsRepository(tx);
    const created = await r.createSupportMessage({ orderId: input.orderId, authorId: input.staffId, text: text || null, mediaId: media?.id ?? null });
    await r.markRead(input.orderId, new Date());
    return created;
  });
  return { message: toAdminMessage(row), customerId: order.userId };
}
