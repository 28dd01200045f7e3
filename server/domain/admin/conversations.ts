// The support inbox: one conversation per order, latest message first, unread counts. Threads, read markers
// and replies are the chat domain's (server/domain/chat), which also hands replies to the real-time hub.
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { AdminConversation } from "../../schemas/admin-conversations.ts";
import type { ListParams } from "../../schemas/admin-common.ts";
import { adminConversationsRepository } from "./conversations-repository.ts";
import type { ListSpec } from "./list-params.ts";
import { shortId } from "./orders.ts";

export const CONVERSATION_LIST: ListSpec<{ q: "string"; unread: "boolean"; id: "ids" }> = {
  filters: { q: "string", unread: "boolean", id: "ids" },
  sortable: ["lastMessageAt"],
  defaultSort: { field: "lastMessageAt", order: "DESC" },
};

const ORDER_NOT_FOUND = "Encomenda não encontrada";

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

export const countUnreadConversations = (db: PrismaClient) => adminConversationsRepository(db).unreadConversations();
