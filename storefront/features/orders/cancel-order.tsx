// "Cancelar pedido" on an unpaid order of /orders (docs/product/storefront.md#orders): asks first, in the card itself
// (one tap more on a phone, no dialog to load), then cancels and lets the list refresh. Shown only when the shop
// would accept it (shared/unpaid-orders.ts); the server decides all the same.
import { useState } from "react";
import { formatKz } from "../../../shared/money.ts";
import { AWAITING_PAYMENT, shortOrderId } from "../../../shared/orders.ts";
import { shopperCancelRefusal } from "../../../shared/unpaid-orders.ts";
import { toast } from "../../lib/toast.ts";
import { cancelOrder } from "./api/cancel-order.ts";
import type { Order } from "./api/user-orders.ts";

/** Whether the shopper may cancel this order themselves now. */
export const mayCancel = (order: Pick<Order, "status" | "amountPaid" | "proofs">): boolean =>
  shopperCancelRefusal({
    awaitingPayment: order.status === AWAITING_PAYMENT,
    moneyHeld: order.amountPaid,
    pendingProofs: order.proofs.filter((p) => p.status === "pending").length,
    received: formatKz,
  }) === null;

export function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const label = `#${shortOrderId(order._id)}`;

  if (!asking)
    return (
      <button type="button" className="btn btn-outline btn-small" aria-label={`Cancelar pedido ${label}`} onClick={() => setAsking(true)}>
        Cancelar pedido
      </button>
    );

  const confirm = async () => {
    setSending(true);
    try {
      await cancelOrder(order._id);
      toast.success("Pedido cancelado");
      onCancelled();
    } catch {
      // The API client showed the server's reason.
      setAsking(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="order-cancel" role="group" aria-label={`Cancelar o pedido ${label}`} data-testid="cancel-confirm">
      <p>Cancelar o pedido {label}? Os artigos deixam de estar reservados para si e o pedido já não pode ser pago.</p>
      <div className="order-pay-actions">
        <button type="button" className="btn btn-small" disabled={sending} onClick={() => void confirm()}>
          {sending ? "A cancelar…" : "Sim, cancelar"}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={sending} onClick={() => setAsking(false)}>
          Não
        </button>
      </div>
    </div>
  );
}
