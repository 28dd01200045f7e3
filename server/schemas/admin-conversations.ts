import { Type, type Static } from "typebox";

/** A chat message as both sides see it (same shape as the shopper API's Message) plus the author's name for staff. */
export const AdminMessage = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  sender: Type.Union([Type.Literal("client"), Type.Literal("support")]),
  text: Type.String(),
  fileUrl: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal("image"), Type.Literal("pdf"), Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  authorName: Type.Union([Type.String(), Type.Null()]),
  readBySupportAt: Type.Union([Type.String(), Type.Null()]),
  readByClientAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdminMessage = Static<typeof AdminMessage>;

/** One conversation per order that has at least one message; id is the order id. */
export const AdminConversation = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  shortId: Type.String(),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
  status: Type.String(),
  totalAmount: Type.Number(),
  lastMessageAt: Type.String(),
  lastMessage: Type.Object({ sender: Type.String(), text: Type.String(), type: Type.Union([Type.String(), Type.Null()]) }),
  unread: Type.Integer(),
  messageCount: Type.Integer(),
});
export type AdminConversation = Static<typeof AdminConversation>;

export const AdminMessagesReply = Type.Object({ success: Type.Literal(true), messages: Type.Array(AdminMessage) });
export type AdminMessagesReply = Static<typeof AdminMessagesReply>;

export const AdminMessageReply = Type.Object({ success: Type.Literal(true), message: AdminMessage });
export type AdminMessageReply = Static<typeof AdminMessageReply>;

export interface ConversationFilter { q?: string; unread?: boolean; ids?: string[] }
