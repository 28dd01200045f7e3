import { useShopSettings } from "./settings-provider.tsx";
import { orderWhatsAppLabel, orderWhatsAppText, shopWhatsApp, whatsAppLink } from "./whatsapp.ts";

/** "Falar no WhatsApp sobre o pedido #XXXXXX": the shop's WhatsApp, the order named (none without a shop number). */
export function OrderWhatsAppLink({ orderId, className = "btn btn-outline" }: { orderId: string; className?: string }) {
  const number = shopWhatsApp(useShopSettings());
  if (!number) return null;
  return (
    <a className={className} href={whatsAppLink(orderWhatsAppText(orderId), number)} target="_blank" rel="noopener noreferrer">
      {orderWhatsAppLabel(orderId)}
    </a>
  );
}
