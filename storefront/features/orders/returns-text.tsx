// The returns and exchanges asked on an order, as /orders shows them (docs/product/returns.md#asking): what, for
// what, where it stands, the shop's reason for a refusal, the exchange's replacement order.
import { shortOrderId } from "../../../shared/orders.ts";
import { RETURN_REASON_LABELS, RETURN_REFUSED, type ReturnReason } from "../../../shared/returns.ts";
import type { Order } from "./api/user-orders.ts";

export function OrderReturnsText({ order }: { order: Order }) {
  if (order.returns.length === 0) return null;
  return (
    <ul className="order-returns" data-testid="order-returns">
      {order.returns.map((r) => (
        <li key={r._id}>
          <p>
            <span className="strong">
              {r.resolution === "exchange" ? `Troca pelo tamanho ${r.exchangeSize}` : "Devolução com reembolso"}
            </span>
            {" · "}
            <span data-testid="return-status">{r.status}</span>
          </p>
          <p className="muted">
            {r.lines
              .map((l) => `${l.quantity} × ${l.name} (${l.size}) — ${RETURN_REASON_LABELS[l.reason as ReturnReason] ?? l.reason}`)
              .join("; ")}
          </p>
          {r.status === RETURN_REFUSED && r.staffNote && <p className="muted">Motivo: {r.staffNote}</p>}
          {r.replacementOrderId && <p className="muted">Segue no pedido #{shortOrderId(r.replacementOrderId)}</p>}
        </li>
      ))}
    </ul>
  );
}
