// What the shop says to a shopper on WhatsApp when staff write from their own phone (the console's order page opens
// wa.me/<shopper> with this text ready: docs/product/console.md#whatsapp-to-the-shopper), and how a deadline is
// written in a message: Luanda's time, as the payment page writes it.
import { formatDateTimeInText } from "./dates.ts";
import { formatKz } from "./money.ts";
import { AWAITING_PAYMENT, SHIPPED } from "./orders.ts";
import { shipmentLines, type Shipment } from "./shipment.ts";

/** The opt-in boxes, at checkout and on the account page (off until ticked). */
export const WHATSAPP_OPT_IN = "Receber avisos do pedido no WhatsApp (pagamento, envio, respostas do suporte)";
export const SMS_OPT_IN = "Receber avisos do pedido por SMS";

/** "27/11/2026 às 14:05" in Luanda's time; "" for an invalid date. */
export const luandaDateTime = (date: Date): string => formatDateTimeInText(date);

interface StaffMessageOrder {
  shortId: string;
  status: string;
  /** The shopper's first name, as the delivery address has it. */
  firstName: string;
  amountDue: number;
  paymentReference: string | null;
  /** ISO time, or null. */
  paymentDeadline: string | null;
  /** What staff said at dispatch (carrier, tracking, pickup point), when they did. */
  shipment?: Shipment | null;
}

/**
 * The message staff send from their phone: a payment reminder (amount, reference, deadline) while the order awaits
 * its money, the news that it left once it is Enviado, else a greeting that names the order.
 */
export function staffWhatsAppText(o: StaffMessageOrder): string {
  const hello = `Olá ${o.firstName.trim() || "cliente"}!`;
  if (o.status === AWAITING_PAYMENT && o.amountDue > 0) {
    const lines = [`${hello} O seu pedido #${o.shortId} aguarda o pagamento de ${formatKz(o.amountDue)}.`];
    if (o.paymentReference) lines.push(`Descritivo da transferência: ${o.paymentReference}`);
    if (o.paymentDeadline) lines.push(`Pague até ${luandaDateTime(new Date(o.paymentDeadline))} (hora de Angola).`);
    lines.push("Qualquer dúvida, responda a esta mensagem.");
    return lines.join("\n");
  }
  if (o.status === SHIPPED) {
    // With what staff said at dispatch: carrier and tracking, or the pickup point and until when.
    const waiting = Boolean(o.shipment?.pickup);
    return [
      `${hello} O seu pedido #${o.shortId} ${waiting ? "está à sua espera" : "foi enviado"}.`,
      ...(o.shipment ? shipmentLines(o.shipment) : []),
      "Qualquer dúvida, responda a esta mensagem.",
    ].join("\n");
  }
  return `${hello} Escrevemos sobre o seu pedido #${o.shortId}.`;
}

/**
 * A shopper's WhatsApp message from a phone no account verified (docs/product/console.md#whatsapp-por-atribuir):
 * waiting for staff, posted by staff to one of that phone's orders, or dismissed.
 */
export const WHATSAPP_INBOX_STATES = ["waiting", "assigned", "dismissed"] as const;
export type WhatsAppInboxState = (typeof WHATSAPP_INBOX_STATES)[number];
