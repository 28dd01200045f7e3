// The support inbox: one conversation per order, latest message first, unread counts. Threads, read markers
// and replies are service.ts's, which also hands replies to the real-time hub.
import type { PrismaClient } from "../../db/client.ts";
import { attachmentKind } from "../../../shared/chat.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import type { AdminConversation } from "../../schemas/admin-conversations.ts";
import { chatRepository } from "./repository.ts";

export const CONVERSATION_LIST = {
  filters: { q: "string", unread: "boolean", id: "ids" },
  sortable: ["lastMessageAt"],
  defaultSort: { field: "lastMessageAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; unread: "boolean"; id: "ids" }>;

export async function listConversations(db: PrismaClient, query: ListQuery<{ q?: string; unread?: boolean; id?: string[] }>): Promise<ListPage<AdminConversation>> {
  const chat = chatRepository(db);
  const f = { q: query.filter.q, unread: query.filter.unread, ids: query.filter.id };
  const [keys, total] = await Promise.all([chat.conversationKeys(f, query.sort.order, query.offset, query.limit), chat.countConversations(f)]);
  const ids = keys.map((k) => k.orderId);
  const [orders, lasts] = await Promise.all([ordersRepository(db).summaries(ids), chat.lastMessages(ids)]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const lastById = new Map(lasts.map((m) => [m.orderId, m]));
  const rows: AdminConversation[] = keys.flatMap((k) => {
    const o = orderById.get(k.orderId);
    const last = lastById.get(k.orderId);
    if (!o || !last) return [];
    return [{
      id: o.id,
      orderId: o.id,
      shortId: shortOrderId(o.id),
      customer: o.user,
      status: o.status,
      totalAmount: o.totalAmount.toNumber(),
      lastMessageAt: k.lastAt.toISOString(),
      lastMessage: { sender: last.sender, text: (last.text ?? "").slice(0, 200), type: last.media ? attachmentKind(last.media.mimeType) : null },
      unread: k.unread,
      messageCount: k.total,
    }];
  });
  return { rows, total };
}

export async function getConversation(db: PrismaClient, orderId: string): Promise<AdminConversation> {
  const { rows } = await listConversations(db, { filter: { id: [orderId] }, sort: CONVERSATION_LIST.defaultSort, offset: 0, limit: 1 });
  if (rows[0]) return rows[0];
  // An order without messages yet still has an (empty) conversation staff may open and start.
  const order = (await ordersRepository(db).summaries([orderId]))[0];
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  return {
    id: order.id, orderId: order.id, shortId: shortOrderId(order.id), customer: order.user, status: order.status, totalAmount: order.totalAmount.toNumber(),
    lastMessageAt: new Date(0).toISOString(), lastMessage: { sender: "support", text: "", type: null }, unread: 0, messageCount: 0,
  };
}

export const countUnreadConversations = (db: PrismaClient) => chatRepository(db).unreadConversations();
