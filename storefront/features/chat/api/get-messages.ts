import { api } from "../../../lib/api-client.ts";
import type { ChatMessage } from "../types.ts";

export const getMessages = async (orderId: string): Promise<ChatMessage[]> =>
  (await api<{ messages?: ChatMessage[] }>(`/api/message/${encodeURIComponent(orderId)}`, { quiet: true })).messages ?? [];
