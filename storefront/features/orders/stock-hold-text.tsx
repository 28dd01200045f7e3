// Until when an unpaid order's items are reserved (docs/product/orders.md#stock), on /orders and the payment page: the
// shop holds the units only for a short time of its own, and says so; once the hold ended, that paying still settles
// the order while there are units left.
import { AWAITING_PAYMENT } from "../../../shared/orders.ts";
import type { Order } from "./api/user-orders.ts";
import { formatDeadline } from "./payment.ts";

export function StockHoldText({ order }: { order: Pick<Order, "status" | "stockHeldUntil" | "stockReleasedAt"> }) {
  if (order.status !== AWAITING_PAYMENT) return null;
  if (order.stockHeldUntil)
    return (
      <p className="stock-hold" data-testid="stock-hold">
        Artigos reservados para si até <span className="strong">{formatDeadline(order.stockHeldUntil)}</span> (hora de Angola). Depois
        voltam a estar à venda: pague antes para os garantir.
      </p>
    );
  if (order.stockReleasedAt)
    return (
      <p className="stock-hold stock-hold-ended" data-testid="stock-hold">
        A reserva dos artigos terminou: são reservados de novo para si quando o pagamento for confirmado, se ainda houver stock.
      </p>
    );
  return null;
}
