// The order's way to the shopper (docs/product/storefront.md#orders): placed, paid, in preparation, dispatched (or
// ready to collect), delivered, and what staff said at dispatch (docs/product/orders.md#dispatch). Steps done read
// as done (a tick, with when), the next one as next ("a seguir"), the later ones faintly; the shipment is a fact
// that happened, a card under the steps, never one more step.
import { CANCELLED } from "../../../shared/orders.ts";
import { formatDateTime } from "../../../shared/dates.ts";
import { READY_FOR_PICKUP, shipmentFacts } from "../../../shared/shipment.ts";
import type { Order } from "./api/user-orders.ts";

type Step = NonNullable<Order["timeline"]>[number];

/** Each step's state: done, the next one (the first not done after the last done), or later (or skipped). */
export function stepStates(steps: readonly Step[]): ("done" | "next" | "later")[] {
  const lastDone = steps.findLastIndex((s) => s.done);
  const next = steps.findIndex((s, i) => i > lastDone && !s.done);
  return steps.map((s, i) => (s.done ? "done" : i === next ? "next" : "later"));
}

export function OrderTimeline({ order }: { order: Order }) {
  if (order.status === CANCELLED || !order.timeline?.length) return null;
  const states = stepStates(order.timeline);
  const shipment = order.shipment;
  const facts = shipment ? shipmentFacts(shipment) : [];
  return (
    <div className="order-timeline">
      <ol aria-label="Percurso do pedido">
        {order.timeline.map((s, i) => (
          <li
            key={s.step}
            className={`step-${states[i]}`}
            data-testid={`timeline-${s.step}`}
            aria-current={states[i] === "next" ? "step" : undefined}
          >
            <span className="step-mark" aria-hidden="true" />
            <span className="step-label">{s.label}</span>
            {s.done && s.at && <small> · {formatDateTime(s.at)}</small>}
            {states[i] === "next" && <small className="step-hint"> · a seguir</small>}
            {states[i] !== "done" && <span className="visually-hidden"> (por fazer)</span>}
          </li>
        ))}
      </ol>
      {shipment && facts.length > 0 && (
        <section className="shipment" data-testid="shipment" aria-label="Envio">
          <p className="shipment-title strong">
            {shipment.pickup ? `${READY_FOR_PICKUP} desde` : "Enviado em"} {formatDateTime(shipment.at)}
          </p>
          {facts.map((f) => (
            <p key={f.label}>
              <span className="muted">
                {f.label}
                {f.phrase ? "" : ":"}
              </span>{" "}
              {f.href ? (
                <a href={f.href} target="_blank" rel="noopener noreferrer">
                  {f.value}
                </a>
              ) : (
                <span className="strong">{f.value}</span>
              )}
            </p>
          ))}
        </section>
      )}
    </div>
  );
}
