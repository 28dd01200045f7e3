// The support inbox's "Exportar" file (docs/product/console.md#exports-of-the-lists): one row per order's
// conversation with its last message.
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import { exportLabel, csvExporter, exportDateTime, type ExportColumn } from "../lib/csv-export.ts";

const column = (key: string, value: ExportColumn<AdminConversation>["value"]): ExportColumn<AdminConversation> => ({
  header: `loja.exports.${key}`,
  value,
});

/** Who wrote the last message, as the conversation shows it. */
const sender = (s: string) =>
  exportLabel(s === "client" ? "loja.conversations.client" : s === "shop" ? "loja.conversations.shop" : "loja.conversations.support");

export const CONVERSATION_EXPORT_COLUMNS: readonly ExportColumn<AdminConversation>[] = [
  column("order", (c) => `#${c.shortId}`),
  column("order_id", (c) => c.orderId),
  column("customer", (c) => c.customer.name),
  column("account_email", (c) => c.customer.email),
  column("status", (c) => c.status),
  column("total", (c) => c.totalAmount),
  column("last_message_at", (c) => exportDateTime(c.lastMessageAt)),
  column("last_sender", (c) => sender(c.lastMessage.sender)),
  column("last_message", (c) => c.lastMessage.text),
  column("unread", (c) => c.unread),
  column("messages", (c) => c.messageCount),
  column("assignee", (c) => c.assignee?.name),
];

export const conversationExporter = csvExporter("conversas", CONVERSATION_EXPORT_COLUMNS);
