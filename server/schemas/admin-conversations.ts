import { Type, type Static } from "typebox";
import { Id, StrictObject } from "./common.ts";
import { SupportMessage } from "./messages.ts";

/** A chat message as staff see it: the shared SupportMessage contract of the chat domain. */
export const AdminMessage = SupportMessage;
export type AdminMessage = SupportMessage;

const StaffRef = Type.Object({ id: Type.String(), name: Type.String() });

/** Who a conversation may be assigned to: the active staff. */
export const AssigneesReply = Type.Object({ success: Type.Literal(true), staff: Type.Array(StaffRef) });
export type AssigneesReply = Static<typeof AssigneesReply>;

/** null: nobody answers it any more. */
export const AssigneeBody = StrictObject({ assigneeId: Type.Union([Id, Type.Null()]) });

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
  /** The staff member who answers it, or null. */
  assignee: Type.Union([StaffRef, Type.Null()]),
});
export type AdminConversation = Static<typeof AdminConversation>;

export const AdminMessagesReply = Type.Object({ success: Type.Literal(true), messages: Type.Array(AdminMessage) });
export type AdminMessagesReply = Static<typeof AdminMessagesReply>;

export const AdminMessageReply = Type.Object({ success: Type.Literal(true), message: AdminMessage });
export type AdminMessageReply = Static<typeof AdminMessageReply>;
