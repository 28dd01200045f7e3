// Money the shop gave back on an order, as /orders says it (docs/product/orders.md#refunds): each refund (done, or
// "a devolver" while the transfer back is still to be made) and what the shop keeps of what was paid.
import { formatKz } from "../../../shared/money.ts";
import type { Order } from "./api/user-orders.ts";

export function OrderRefundsText({ order }: { order: Order }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  const kept = Math.max(0, Math.round((order.amountPaid - order.amountRefunded) * 100) / 100);
  return (
    <div className="order-refunds" data-testid="order-refunds">
      <ul>
        {refunds.map((r, i) => (
          <li key={`${r.createdAt}:${i}`}>
            {r.status === "pending" ? "A devolver" : "Devolvido"}: −{formatKz(r.amount)}
          </li>
        ))}
      </ul>
      <p className="strong">Pago, descontadas as devoluções: {formatKz(kept)}</p>
    </div>
  );
}
