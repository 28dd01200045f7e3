// Web pushes to staff browsers that allowed them in the console (docs/product/notifications.md#staff-alerts): a new
// order, a new proof, a shopper's message while no staff member is online. They go with the staff alert e-mails,
// after the event commits; tapping one opens the order (or its conversation) in the console.
import { formatKz, type MoneyAmount } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import type { PushNotice } from "./notifier.ts";
import { mailName } from "../../shared/names.ts";

/** The console's page of an order (its router is a hash router under /admin/). */
export const consoleOrderUrl = (orderId: string) => `/admin/#/orders/${encodeURIComponent(orderId)}/show`;
const consoleConversationUrl = (orderId: string) => `/admin/#/conversations/${encodeURIComponent(orderId)}/show`;

/** The first characters of a shopper's words, as a notification shows them. */
const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const newOrderStaffPush = (order: { id: string; customerName: string; total: MoneyAmount }): PushNotice => ({
  staff: true,
  payload: {
    title: `Novo pedido #${shortOrderId(order.id)}`,
    body: `${mailName(order.customerName) || "Cliente"} — ${formatKz(order.total)}`,
    url: consoleOrderUrl(order.id),
    tag: `staff-order-${order.id}`,
  },
});

export const newProofStaffPush = (order: { id: string; customerName: string; amountDue: MoneyAmount }): PushNotice => ({
  staff: true,
  payload: {
    title: `Novo comprovativo — pedido #${shortOrderId(order.id)}`,
    body: `${mailName(order.customerName) || "Cliente"} enviou um comprovativo. Falta pagar ${formatKz(order.amountDue)}.`,
    url: consoleOrderUrl(order.id),
    tag: `staff-proof-${order.id}`,
  },
});

export const messageWaitingStaffPush = (message: { orderId: string; customerName: string; text: string | null }): PushNotice => ({
  staff: true,
  payload: {
    title: `Mensagem de ${mailName(message.customerName) || "cliente"} — pedido #${shortOrderId(message.orderId)}`,
    body: message.text?.trim() ? excerpt(message.text.trim()) : "Enviou um anexo.",
    url: consoleConversationUrl(message.orderId),
    tag: `staff-chat-${message.orderId}`,
  },
});

/** The console's list of WhatsApp messages waiting to be assigned (docs/product/console.md#whatsapp-por-atribuir). */
export const consoleWhatsAppInboxUrl = "/admin/#/whatsapp-inbox";

/** A WhatsApp message from a phone no account verified waits for staff. */
export const unassignedWhatsAppStaffPush = (message: { id: string; from: string; text: string }): PushNotice => ({
  staff: true,
  payload: {
    title: `WhatsApp por atribuir — ${message.from}`,
    body: excerpt(message.text.trim()),
    url: consoleWhatsAppInboxUrl,
    tag: `staff-whatsapp-${message.id}`,
  },
});

/** A conversation given to one staff member by another: that member's browsers (docs/product/console.md). */
export const assignedConversationPush = (assignment: {
  orderId: string;
  assigneeId: string;
  customerName: string;
  by: string;
}): PushNotice => ({
  userId: assignment.assigneeId,
  payload: {
    title: `Conversa atribuída a si — pedido #${shortOrderId(assignment.orderId)}`,
    body: `${mailName(assignment.customerName) || "Cliente"} · atribuída por ${mailName(assignment.by) || "outro membro da equipa"}`,
    url: consoleConversationUrl(assignment.orderId),
    tag: `staff-chat-${assignment.orderId}`,
  },
});
