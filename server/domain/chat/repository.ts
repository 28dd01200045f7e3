// The only Prisma caller of the support chat: orders' owners, messages and their read markers, and the staff
// inbox (one conversation per order with messages).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { SHOP_SENDER } from "../../../shared/payments.ts";

/** Only the message's own columns: one INSERT … RETURNING, no follow-up reads of its relations. */
const createdSelect = {
  id: true,
  orderId: true,
  sender: true,
  text: true,
  createdAt: true,
  readByClientAt: true,
  readBySupportAt: true,
  mediaId: true,
  paymentRequestId: true,
} as const satisfies Prisma.MessageSelect;

/** A message as the chat shows it: its own columns, the author's name and the attachment. */
const messageSelect = {
  ...createdSelect,
  author: { select: { name: true } },
  media: { select: { publicId: true, mimeType: true, fileName: true } },
} as const satisfies Prisma.MessageSelect;

export type ChatMessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

type CreatedMessage = Prisma.MessageGetPayload<{ select: typeof createdSelect }>;

export interface NewChatMessage {
  orderId: string;
  sender: "client" | "support" | "shop";
  /** Null for the shop's own messages. */
  authorId: string | null;
  text: string | null;
  mediaId: string | null;
  /** Set on the creator's own side at once: a sender has read what they wrote. */
  readByClientAt?: Date;
  readBySupportAt?: Date;
  /** The shop's card of a payment request (docs/product/payment-requests.md). */
  paymentRequestId?: string | null;
}

interface ConversationFilter {
  q?: string;
  unread?: boolean;
  ids?: string[];
  /** The customer spoke last: waiting for an answer ("A aguardar resposta"). */
  waiting?: boolean;
  /** Only the orders assigned to this staff member ("Minhas"). */
  assignedToId?: string;
}

interface ConversationKey {
  orderId: string;
  lastAt: Date;
  total: number;
  unread: number;
}

/** LIKE's wildcards in user text match themselves (PostgreSQL's default escape character is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The inbox reads the per-order summary the database keeps on every message (table "conversations", kept by
// triggers: migration 20261124150000), so sorting by the latest message and filtering unread use its indexes.
// Raw (parameterised) SQL for the keys, since the search joins orders and users.
function conditions(f: ConversationFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  // An empty id list (react-admin's getMany of nothing) matches nothing; Prisma.join refuses an empty list.
  if (f.ids) parts.push(f.ids.length ? Prisma.sql`c.order_id IN (${Prisma.join(f.ids)})` : Prisma.sql`FALSE`);
  if (f.unread === true) parts.push(Prisma.sql`c.unread_by_support > 0`);
  if (f.unread === false) parts.push(Prisma.sql`c.unread_by_support = 0`);
  // last_sender is the last *person* who wrote (the shop's automatic lines never answer: migration 20261204000000).
  if (f.waiting === true) parts.push(Prisma.sql`c.last_sender = 'client'`);
  if (f.waiting === false) parts.push(Prisma.sql`c.last_sender <> 'client'`);
  if (f.assignedToId) parts.push(Prisma.sql`o.assigned_to_id = ${f.assignedToId}`);
  if (f.q) {
    const q = escapeLike(f.q.replace(/^#/, ""));
    // Short ids are the end of the (lower-case) order id; names and e-mails match anywhere.
    parts.push(Prisma.sql`(c.order_id LIKE ${`%${q.toLowerCase()}`} OR u.name ILIKE ${`%${q}%`} OR u.email ILIKE ${`%${q}%`})`);
  }
  return parts.length ? Prisma.sql`WHERE ${Prisma.join(parts, " AND ")}` : Prisma.empty;
}

/** The search needs the customer and "Minhas" the order; without either the summary alone answers. */
const from = (f: ConversationFilter) =>
  f.q
    ? Prisma.sql`conversations c JOIN orders o ON o.id = c.order_id JOIN users u ON u.id = o.user_id`
    : f.assignedToId
      ? Prisma.sql`conversations c JOIN orders o ON o.id = c.order_id`
      : Prisma.sql`conversations c`;

export const chatRepository = (db: Db) => ({
  /** The order's owner, or null when there is no such order. */
  findOrderOwner: async (orderId: string): Promise<string | null> =>
    (await db.order.findUnique({ where: { id: orderId }, select: { userId: true } }))?.userId ?? null,

  /** The order's owner and status (the shopper's chat shows the status in its header), or null. */
  findOrderOwnerAndStatus: (orderId: string): Promise<{ userId: string; status: string } | null> =>
    db.order.findUnique({ where: { id: orderId }, select: { userId: true, status: true } }),

  /** A PDF attached to one of the order's messages, by its public id. */
  findPdfAttachment: (orderId: string, publicId: string) =>
    db.message.findFirst({
      where: { orderId, media: { publicId, mimeType: "application/pdf" } },
      select: { media: { select: { fileName: true } } },
    }),

  listMessages: (orderId: string): Promise<ChatMessageRow[]> =>
    db.message.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: messageSelect }),

  findMessage: (id: string): Promise<ChatMessageRow | null> => db.message.findUnique({ where: { id }, select: messageSelect }),

  createMessage: (data: NewChatMessage): Promise<CreatedMessage> => db.message.create({ data, select: createdSelect }),

  /** Client messages of the order that support has not read yet (the one just written included). */
  unreadClientMessages: (orderId: string) => db.message.count({ where: { orderId, sender: "client", readBySupportAt: null } }),

  findAuthorName: async (userId: string): Promise<string | null> =>
    (await db.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? null,

  /** The customer opened the chat: support's messages are read. */
  markReadByClient: (orderId: string, at: Date) =>
    db.message.updateMany({ where: { orderId, sender: { not: "client" }, readByClientAt: null }, data: { readByClientAt: at } }),

  /** Staff opened or answered the conversation: the customer's messages are read. */
  markReadBySupport: (orderId: string, at: Date) =>
    db.message.updateMany({ where: { orderId, sender: "client", readBySupportAt: null }, data: { readBySupportAt: at } }),

  // The staff inbox

  conversationKeys: async (f: ConversationFilter, order: "ASC" | "DESC", skip: number, take: number): Promise<ConversationKey[]> => {
    const dir = order === "ASC" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
    const rows = await db.$queryRaw<{ order_id: string; last_at: Date; total: number; unread: number }[]>(Prisma.sql`
      SELECT c.order_id, c.last_message_at AS last_at, c.message_count AS total, c.unread_by_support AS unread
      FROM ${from(f)}
      ${conditions(f)}
      ORDER BY c.last_message_at ${dir}, c.order_id ${dir}
      LIMIT ${take} OFFSET ${skip}`);
    return rows.map((r) => ({ orderId: r.order_id, lastAt: new Date(r.last_at), total: Number(r.total), unread: Number(r.unread) }));
  },
  countConversations: async (f: ConversationFilter): Promise<number> => {
    const rows = await db.$queryRaw<{ n: bigint | number }[]>(Prisma.sql`SELECT COUNT(*) AS n FROM ${from(f)} ${conditions(f)}`);
    return Number(rows[0]?.n ?? 0);
  },
  /** Conversations with at least one customer message staff have not read. */
  unreadConversations: (): Promise<number> => db.conversation.count({ where: { unreadBySupport: { gt: 0 } } }),
  /** Unread customer messages per order, for badges in lists. */
  unreadByOrder: async (orderIds: string[]) => {
    if (orderIds.length === 0) return new Map<string, number>();
    const rows = await db.message.groupBy({
      by: ["orderId"],
      where: { orderId: { in: orderIds }, sender: "client", readBySupportAt: null },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.orderId, r._count._all]));
  },
  /** Support's and the shop's messages the customer has not seen yet, per order (the storefront's markers). */
  unreadByClientByOrder: async (orderIds: string[]) => {
    if (orderIds.length === 0) return new Map<string, number>();
    const rows = await db.message.groupBy({
      by: ["orderId"],
      where: { orderId: { in: orderIds }, sender: { not: "client" }, readByClientAt: null },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.orderId, r._count._all]));
  },
  /**
   * The message each conversation shows in the inbox: the last one a person wrote (the shopper's question stays in
   * view when the shop's automatic line follows it), or the shop's last line where nobody else wrote yet.
   */
  lastMessages: async (orderIds: string[]) => {
    const select = { orderId: true, sender: true, text: true, media: { select: { mimeType: true } } } as const;
    const latest = (where: Prisma.MessageWhereInput) =>
      db.message.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], distinct: ["orderId"], select });
    const byPeople = await latest({ orderId: { in: orderIds }, sender: { not: SHOP_SENDER } });
    const found = new Set(byPeople.map((m) => m.orderId));
    const shopOnly = orderIds.filter((id) => !found.has(id));
    return shopOnly.length ? [...byPeople, ...(await latest({ orderId: { in: shopOnly } }))] : byPeople;
  },
});
