import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export interface ConversationWhere { q?: string; unread?: boolean; ids?: string[] }

export interface ConversationKey { orderId: string; lastAt: Date; total: number; unread: number }

/** LIKE's wildcards in user text match themselves (PostgreSQL's default escape character is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// One conversation per order with messages. Sorting by the latest message and counting unread needs an
// aggregate Prisma's query API cannot order by, hence raw (parameterised) SQL for the keys.
function conditions(f: ConversationWhere): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (f.ids) parts.push(Prisma.sql`m.order_id IN (${Prisma.join(f.ids)})`);
  if (f.q) {
    const q = escapeLike(f.q.replace(/^#/, ""));
    // Short ids are the last 6 characters of the (lower-case) order id; names and e-mails match anywhere.
    parts.push(Prisma.sql`(m.order_id LIKE ${`%${q.toLowerCase()}`} OR u.name ILIKE ${`%${q}%`} OR u.email ILIKE ${`%${q}%`})`);
  }
  return parts.length ? Prisma.sql`WHERE ${Prisma.join(parts, " AND ")}` : Prisma.empty;
}

const having = (f: ConversationWhere) =>
  f.unread === true
    ? Prisma.sql`HAVING COUNT(*) FILTER (WHERE m.sender = 'client' AND m.read_by_support_at IS NULL) > 0`
    : f.unread === false
      ? Prisma.sql`HAVING COUNT(*) FILTER (WHERE m.sender = 'client' AND m.read_by_support_at IS NULL) = 0`
      : Prisma.empty;

export const adminConversationsRepository = (db: Db) => ({
  keys: async (f: ConversationWhere, order: "ASC" | "DESC", skip: number, take: number): Promise<ConversationKey[]> => {
    const rows = await db.$queryRaw<{ order_id: string; last_at: Date; total: bigint | number; unread: bigint | number }[]>(Prisma.sql`
      SELECT m.order_id, MAX(m.created_at) AS last_at, COUNT(*) AS total,
             COUNT(*) FILTER (WHERE m.sender = 'client' AND m.read_by_support_at IS NULL) AS unread
      FROM messages m JOIN orders o ON o.id = m.order_id JOIN users u ON u.id = o.user_id
      ${conditions(f)}
      GROUP BY m.order_id
      ${having(f)}
      ORDER BY last_at ${order === "ASC" ? Prisma.sql`ASC` : Prisma.sql`DESC`}, m.order_id ${order === "ASC" ? Prisma.sql`ASC` : Prisma.sql`DESC`}
      LIMIT ${take} OFFSET ${skip}`);
    return rows.map((r) => ({ orderId: r.order_id, lastAt: new Date(r.last_at), total: Number(r.total), unread: Number(r.unread) }));
  },
  count: async (f: ConversationWhere): Promise<number> => {
    const rows = await db.$queryRaw<{ n: bigint | number }[]>(Prisma.sql`
      SELECT COUNT(*) AS n FROM (
        SELECT m.order_id FROM messages m JOIN orders o ON o.id = m.order_id JOIN users u ON u.id = o.user_id
        ${conditions(f)} GROUP BY m.order_id ${having(f)}
      ) c`);
    return Number(rows[0]?.n ?? 0);
  },
  /** Conversations with at least one customer message staff have not read. */
  unreadConversations: async (): Promise<number> => {
    const rows = await db.$queryRaw<{ n: bigint | number }[]>(
      Prisma.sql`SELECT COUNT(DISTINCT order_id) AS n FROM messages WHERE sender = 'client' AND read_by_support_at IS NULL`,
    );
    return Number(rows[0]?.n ?? 0);
  },
  orders: (ids: string[]) =>
    db.order.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, totalAmount: true, user: { select: { id: true, name: true, email: true } } } }),
  lastMessages: (orderIds: string[]) =>
    db.message.findMany({
      where: { orderId: { in: orderIds } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      distinct: ["orderId"],
      select: { orderId: true, sender: true, text: true, media: { select: { mimeType: true } } },
    }),
});
