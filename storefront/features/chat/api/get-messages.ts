import { api } from "../../../lib/api-client.ts";
import type { MessageListReply } from "../../../../server/schemas/messages.ts";
import type { ChatMessage } from "../types.ts";

/** The shopper saw a reply that arrived while the chat was open (its marker on /orders goes). */
export const markMessagesRead = (orderId: string) => api(`/api/message/${encodeURIComponent(orderId)}/read`, { method: "POST", quiet: true });

export const getMessages = async (orderId: string): Promise<ChatMessage[]> =>
  (await api<MessageListReply>(`/api/message/${encodeURIComponent(orderId)}`, { quiet: true })).messages;
