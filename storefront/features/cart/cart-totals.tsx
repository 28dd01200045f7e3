import { DELIVERY_FEE, formatKz } from "../../../shared/money.ts";
import { Title } from "../../components/title.tsx";

/**
 * Total = subtotal + delivery fee, or 0 when the cart is empty (docs/product/checkout.md#totals). The fee is the
 * delivery chosen at checkout (docs/product/checkout.md#delivery), else the shop's default.
 */
export const orderTotal = (subtotal: number, deliveryFee = DELIVERY_FEE) => (subtotal === 0 ? 0 : subtotal + deliveryFee);

export function CartTotals({ subtotal, deliveryFee = DELIVERY_FEE }: { subtotal: number; deliveryFee?: number }) {
  return (
    <div className="totals">
      <Title first="TOTAL DO" second="CARRINHO" />
      <p>
        <span>Subtotal</span>
        <span data-testid="subtotal">{formatKz(subtotal)}</span>
      </p>
      <p>
        <span>Taxa de envio</span>
        <span data-testid="delivery-fee-total">{formatKz(deliveryFee)}</span>
      </p>
      <p className="strong">
        <span>Total</span>
        <span data-testid="total">{formatKz(orderTotal(subtotal, deliveryFee))}</span>
      </p>
    </div>
  );
}
