// "WhatsApp por atribuir" (docs/product/console.md#whatsapp-por-atribuir): a shopper's WhatsApp message from a phone
// no account verified is never put in a chat by itself, since anybody may type any number at checkout
// (docs/design/security.md#whatsapp-only-to-its-owner). It waits here; staff read it with the orders that phone
// appears on (and whether each order's account verified it), and post it to one of them, or dismiss it.
import type { Db, PrismaClient } from "../../db/client.ts";
import { AppError } from "../../domain/errors.ts";
import { sendClientMessage } from "../../domain/chat/service.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../../domain/list-query.ts";
import type { ChatPublisher } from "../../cluster/events.ts";
import type { AdminWhatsAppMessage } from "../../schemas/admin-whatsapp-inbox.ts";
import { WHATSAPP_INBOX_STATES, type WhatsAppInboxState } from "../../../shared/messaging.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { phoneDigits } from "../../../shared/phones.ts";
import type { Notifier } from "../notifier.ts";
import { unassignedWhatsAppStaffPush } from "../staff-push.ts";
import { inboxRepository, type InboxRow, type PhoneOrderRow } from "./inbox-repository.ts";
import { phoneMessagesRepository } from "./repository.ts";

const NOT_FOUND = "Mensagem não encontrada";
const ALREADY_DECIDED = "Esta mensagem já foi tratada por outra pessoa";
const NOT_THIS_PHONE = "Este pedido não é deste número: escolha um dos pedidos mostrados";

export const WHATSAPP_INBOX_LIST = {
  filters: { q: "string", state: "string" },
  sortable: ["receivedAt"],
  defaultSort: { field: "receivedAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; state: "string" }>;

const isState = (value: string): value is WhatsAppInboxState => (WHATSAPP_INBOX_STATES as readonly string[]).includes(value);

/**
 * Keeps a message (Meta's id `id`) for staff, once however often it is delivered: its id is claimed in the same
 * transaction as the row. Staff browsers that allowed it get a push after the commit.
 */
export async function holdForStaff(
  db: PrismaClient,
  notifier: Notifier,
  message: { id: string; from: string; text: string },
): Promise<void> {
  if (await phoneMessagesRepository(db).inboundSeen(message.id)) return;
  const held = await db.$transaction(async (tx) => {
    if (!(await phoneMessagesRepository(tx).claimInbound(message.id, null))) return null;
    return inboxRepository(tx).hold({ messageId: message.id, fromPhone: message.from, text: message.text });
  });
  if (held) notifier.committed([unassignedWhatsAppStaffPush({ id: held, from: message.from, text: message.text })]);
}

const customerOf = (order: PhoneOrderRow) => {
  const a = (order.address ?? {}) as { firstName?: unknown; lastName?: unknown };
  const named = [a.firstName, a.lastName].filter((p): p is string => typeof p === "string" && Boolean(p.trim())).join(" ");
  return named || order.user.name;
};

function toAdmin(row: InboxRow, orders?: PhoneOrderRow[]): AdminWhatsAppMessage {
  return {
    id: row.id,
    from: row.fromPhone,
    text: row.text,
    receivedAt: row.receivedAt.toISOString(),
    state: row.state as WhatsAppInboxState,
    order: row.orderId ? { id: row.orderId, shortId: shortOrderId(row.orderId) } : null,
    decidedBy: row.decidedBy?.name ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...(orders
      ? {
          orders: orders.map((o) => ({
            id: o.id,
            shortId: shortOrderId(o.id),
            customerName: customerOf(o),
            status: o.status,
            createdAt: o.createdAt.toISOString(),
            phoneVerified: o.user.phone === row.fromPhone || o.user.verifiedPhones.length > 0,
          })),
        }
      : {}),
  };
}

export async function listWhatsAppInbox(db: Db, query: ListQuery<{ q?: string; state?: string }>): Promise<ListPage<AdminWhatsAppMessage>> {
  const state = query.filter.state;
  if (state !== undefined && !isState(state)) throw new AppError(400, "Filtro inválido: state");
  const f = { state, q: query.filter.q?.trim() || undefined };
  const repo = inboxRepository(db);
  const [rows, total] = await Promise.all([
    repo.list(f, { skip: query.offset, take: query.limit, orderBy: orderByOf(query.sort) }),
    repo.count(f),
  ]);
  return { rows: rows.map((r) => toAdmin(r)), total };
}

async function messageWithOrders(db: Db, id: string): Promise<{ row: InboxRow; orders: PhoneOrderRow[] }> {
  const repo = inboxRepository(db);
  const row = await repo.get(id);
  if (!row) throw new AppError(404, NOT_FOUND);
  return { row, orders: await repo.ordersOfPhone(row.fromPhone, phoneDigits(row.fromPhone)) };
}

/** One message with the orders its phone appears on: where staff may post it. */
export async function getWhatsAppInboxMessage(db: Db, id: string): Promise<AdminWhatsAppMessage> {
  const { row, orders } = await messageWithOrders(db, id);
  return toAdmin(row, orders);
}

/**
 * Staff post a waiting message to one of its phone's orders: it becomes the shopper's message in that chat (live,
 * as a message they wrote), in the same transaction as the decision, so two staff members cannot post it twice.
 */
export async function assignWhatsAppMessage(
  deps: { db: PrismaClient; hub: ChatPublisher; notifier: Notifier },
  staffId: string,
  id: string,
  orderId: string,
): Promise<AdminWhatsAppMessage> {
  const { row, orders } = await messageWithOrders(deps.db, id);
  if (row.state !== "waiting") throw new AppError(409, ALREADY_DECIDED);
  const order = orders.find((o) => o.id === orderId);
  if (!order) throw new AppError(400, NOT_THIS_PHONE);
  const posted = await sendClientMessage(deps.db, { orderId, userId: order.userId, text: row.text, file: null }, async (tx) => {
    if (!(await inboxRepository(tx).decide(id, "assigned", staffId, orderId))) throw new AppError(409, ALREADY_DECIDED);
    await inboxRepository(tx).inboundPosted(row.messageId, orderId);
  });
  await deps.hub.publishMessage(posted);
  return getWhatsAppInboxMessage(deps.db, id);
}

/** Staff set a waiting message aside (spam, someone else's number, already answered). */
export async function dismissWhatsAppMessage(db: PrismaClient, staffId: string, id: string): Promise<AdminWhatsAppMessage> {
  const repo = inboxRepository(db);
  if (!(await repo.get(id))) throw new AppError(404, NOT_FOUND);
  if (!(await repo.decide(id, "dismissed", staffId, null))) throw new AppError(409, ALREADY_DECIDED);
  return getWhatsAppInboxMessage(db, id);
}
