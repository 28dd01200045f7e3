// The only Prisma caller of the support chat: orders' owners, messages and their read markers.
import type { Db } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";

/** Only the message's own columns: one INSERT … RETURNING, no follow-up reads of its relations. */
const createdSelect = {
  id: true,
  orderId: true,
  sender: true,
  text: true,
  createdAt: true,
  readByClientAt: true,
  readBySupportAt: true,
} as const satisfies Prisma.MessageSelect;

/** A message as the chat shows it: its own columns, the author's name and the attachment. */
const messageSelect = {
  ...createdSelect,
  author: { select: { name: true } },
  media: { select: { publicId: true, mimeType: true, fileName: true } },
} as const satisfies Prisma.MessageSelect;

export type ChatMessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

export type CreatedMessage = Prisma.MessageGetPayload<{ select: typeof createdSelect }>;

export interface NewChatMessage {
  orderId: string;
  sender: "client" | "support";
  authorId: string;
  text: string | null;
  mediaId: string | null;
  /** Set on the creator's own side at once: a sender has read what they wrote. */
  readByClientAt?: Date;
  readBySupportAt?: Date;
}

export const chatRepository = (db: Db) => ({
  /** The order's owner, or null when there is no such order. */
  findOrderOwner: async (orderId: string): Promise<string | null> =>
    (await db.order.findUnique({ where: { id: orderId }, select: { userId: true } }))?.userId ?? null,

  listMessages: (orderId: string): Promise<ChatMessageRow[]> =>
    db.message.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: messageSelect }),

  findMessage: (id: string): Promise<ChatMessageRow | null> => db.message.findUnique({ where: { id }, select: messageSelect }),

  createMessage: (data: NewChatMessage): Promise<CreatedMessage> => db.message.create({ data, select: createdSelect }),

  findAuthorName: async (userId: string): Promise<string | null> => (await db.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? null,

  /** The customer opened the chat: support's messages are read. */
  markReadByClient: (orderId: string, at: Date) =>
    db.message.updateMany({ where: { orderId, sender: "support", readByClientAt: null }, data: { readByClientAt: at } }),

  /** Staff opened or answered the conversation: the customer's messages are read. */
  markReadBySupport: (orderId: string, at: Date) =>
    db.message.updateMany({ where: { orderId, sender: "client", readBySupportAt: null }, data: { readBySupportAt: at } }),
});
