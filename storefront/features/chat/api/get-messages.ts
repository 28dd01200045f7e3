import { api } from "../../../lib/api-client.ts";
import type { MessageListReply } from "../../../../server/schemas/messages.ts";
import type { ChatMessage, PaymentRequest } from "../types.ts";

/** The shopper saw a reply that arrived while the chat was open (its marker on /orders goes). */
export const markMessagesRead = (orderId: string) =>
  api(`/api/message/${encodeURIComponent(orderId)}/read`, { method: "POST", quiet: true });

/** The order's chat and its status (the header shows it). */
export const getMessages = async (
  orderId: string,
): Promise<{ messages: ChatMessage[]; status: string; paymentRequests: PaymentRequest[] }> => {
  const reply = await api<MessageListReply>(`/api/message/${encodeURIComponent(orderId)}`, { quiet: true });
  return { messages: reply.messages, status: reply.status, paymentRequests: reply.paymentRequests ?? [] };
};
