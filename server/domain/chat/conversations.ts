// The support inbox: one conversation per order, latest message first, unread counts. Threads, read markers
// and replies are service.ts's, which also hands replies to the real-time hub.
import type { PrismaClient } from "../../db/client.ts";
import { attachmentKind } from "../../../shared/chat.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { AppError } from "../errors.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import type { ListPage, ListQuery, ListSpec, ParsedFilter } from "../list-query.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { usersRepository } from "../users/repository.ts";
import type { AdminConversation } from "../../schemas/admin-conversations.ts";
import { chatRepository } from "./repository.ts";

const CONVERSATION_FILTERS = { q: "string", unread: "boolean", waiting: "boolean", mine: "boolean", id: "ids" } as const;

/** `waiting`: the customer spoke last ("A aguardar resposta"); `mine`: assigned to the caller ("Minhas"). */
export const CONVERSATION_LIST = {
  filters: CONVERSATION_FILTERS,
  sortable: ["lastMessageAt"],
  defaultSort: { field: "lastMessageAt", order: "DESC" },
} as const satisfies ListSpec<typeof CONVERSATION_FILTERS>;

export async function listConversations(
  db: PrismaClient,
  query: ListQuery<ParsedFilter<typeof CONVERSATION_FILTERS>>,
  staffUserId?: string,
): Promise<ListPage<AdminConversation>> {
  const chat = chatRepository(db);
  const f = {
    q: query.filter.q,
    unread: query.filter.unread,
    waiting: query.filter.waiting,
    ids: query.filter.id,
    // "Minhas" for nobody in particular matches nothing rather than everything.
    assignedToId: query.filter.mine ? (staffUserId ?? "") : undefined,
  };
  const [keys, total] = await Promise.all([
    chat.conversationKeys(f, query.sort.order, query.offset, query.limit),
    chat.countConversations(f),
  ]);
  const ids = keys.map((k) => k.orderId);
  const [orders, lasts] = await Promise.all([ordersRepository(db).summaries(ids), chat.lastMessages(ids)]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const lastById = new Map(lasts.map((m) => [m.orderId, m]));
  const rows: AdminConversation[] = keys.flatMap((k) => {
    const o = orderById.get(k.orderId);
    const last = lastById.get(k.orderId);
    if (!o || !last) return [];
    return [
      {
        id: o.id,
        orderId: o.id,
        shortId: shortOrderId(o.id),
        customer: o.user,
        status: o.status,
        totalAmount: o.totalAmount.toNumber(),
        lastMessageAt: k.lastAt.toISOString(),
        lastMessage: {
          sender: last.sender,
          text: (last.text ?? "").slice(0, 200),
          type: last.media ? attachmentKind(last.media.mimeType) : null,
        },
        unread: k.unread,
        messageCount: k.total,
        assignee: o.assignedTo,
      },
    ];
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
    id: order.id,
    orderId: order.id,
    shortId: shortOrderId(order.id),
    customer: order.user,
    status: order.status,
    totalAmount: order.totalAmount.toNumber(),
    lastMessageAt: new Date(0).toISOString(),
    lastMessage: { sender: "support", text: "", type: null },
    unread: 0,
    messageCount: 0,
    assignee: order.assignedTo,
  };
}

/** Who a conversation may be assigned to. */
export const listAssignees = (db: PrismaClient) => usersRepository(db).activeStaff();

/** Gives the order's conversation to an active staff member, or to nobody (null). */
export async function assignConversation(
  db: PrismaClient,
  orderId: string,
  assigneeId: string | null,
  byId: string,
): Promise<AdminConversation> {
  if (assigneeId !== null && !(await usersRepository(db).activeStaff()).some((s) => s.id === assigneeId)) {
    throw new AppError(400, "Escolha um membro ativo da equipa");
  }
  await db.$transaction(async (tx) => {
    if (!(await ordersRepository(tx).assign(orderId, assigneeId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    await emitEvents(tx, orderEvent("conversation.assigned", orderId, { assigneeId, byId }));
  });
  return getConversation(db, orderId);
}

export const countUnreadConversations = (db: PrismaClient) => chatRepository(db).unreadConversations();
