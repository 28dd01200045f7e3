import { api } from "../../../lib/api-client.ts";
import type { MessageListReply } from "../../../../server/schemas/messages.ts";
import type { ChatMessage } from "../types.ts";

export const getMessages = async (orderId: string): Promise<ChatMessage[]> =>
  (await api<MessageListReply>(`/api/message/${encodeURIComponent(orderId)}`, { quiet: true })).messages;
