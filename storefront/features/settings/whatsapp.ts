import type { PublicSettings } from "../../../server/schemas/settings.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { waMeLink } from "../../../shared/wa-link.ts";

/**
 * The shop's WhatsApp number as wa.me wants it (E.164's digits): the settings' WhatsApp number, else the first
 * phone as the footer lists it (the server decides: server/domain/settings/service.ts).
 */
export function shopWhatsApp(settings: PublicSettings | null): string | undefined {
  return settings?.whatsapp ?? undefined;
}

/** A wa.me link: to `number`, or (without one) letting the shopper pick the chat, with `text` ready to send. */
export const whatsAppLink = (text: string, number = "") => waMeLink(text, number || null);

/** What the shopper's "Falar no WhatsApp" about an order says first (docs/product/storefront.md#orders). */
export const orderWhatsAppText = (orderId: string) => `Olá! Escrevo sobre o pedido #${shortOrderId(orderId)}.`;

/** The label of the link to the shop's WhatsApp about one order. */
export const orderWhatsAppLabel = (orderId: string) => `Falar no WhatsApp sobre o pedido #${shortOrderId(orderId)}`;
