import { api } from "../../../lib/api-client.ts";
import type { MessageSendReply } from "../../../../server/schemas/messages.ts";
import type { ChatMessage } from "../types.ts";

export const sendMessage = async (orderId: string, text: string, file: File | null): Promise<ChatMessage> => {
  const form = new FormData();
  form.append("orderId", orderId);
  if (text) form.append("text", text);
  if (file) form.append("file", file);
  return (await api<MessageSendReply>("/api/message/send", { body: form, quiet: true })).message;
};
