// The order's way to the shopper (docs/product/storefront.md#orders): placed, paid, in preparation, dispatched (or
// ready to collect), delivered, and what staff said at dispatch (docs/product/orders.md#dispatch).
import { CANCELLED } from "../../../shared/orders.ts";
import { shipmentLines } from "../../../shared/shipment.ts";
import type { Order } from "./api/user-orders.ts";

let dayTime: Intl.DateTimeFormat | undefined;
const format = (iso: string) =>
  (dayTime ??= new Intl.DateTimeFormat("pt-PT", {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Luanda",
  })).format(new Date(iso));

export function OrderTimeline({ order }: { order: Order }) {
  if (order.status === CANCELLED || !order.timeline?.length) return null;
  const lines = order.shipment ? shipmentLines(order.shipment) : [];
  return (
    <div className="order-timeline">
      <ol aria-label="Percurso do pedido">
        {order.timeline.map((s) => (
          <li key={s.step} className={s.done ? "done" : undefined} data-testid={`timeline-${s.step}`}>
            <span>{s.label}</span>
            {s.at && <small> · {format(s.at)}</small>}
          </li>
        ))}
      </ol>
      {lines.length > 0 && (
        <ul className="shipment" data-testid="shipment">
          {lines.map((line) => (
            <li key={line}>
              {line.startsWith("Seguir a encomenda: ") && order.shipment?.trackingUrl ? (
                <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {line}
                </a>
              ) : (
                line
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
