// What the shopper chose for delivery, as the payment page and /orders say it (docs/product/checkout.md#delivery).
import { formatKz } from "../../../shared/money.ts";
import type { Order } from "./api/user-orders.ts";

export function DeliveryChoiceText({ order }: { order: Order }) {
  const d = order.delivery;
  const fee = `Taxa de envio: ${order.deliveryFee === 0 ? "Grátis" : formatKz(order.deliveryFee)}`;
  if (!d) return <p className="muted">{fee}</p>;
  return (
    <p className="muted" data-testid="delivery-choice">
      {d.kind === "pickup" ? "Levantamento" : "Entrega"}: {d.name}
      {d.eta ? ` (${d.eta})` : ""}
      {d.address ? ` — ${d.address}` : ""} · {fee}
    </p>
  );
}
