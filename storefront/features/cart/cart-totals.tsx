import { DELIVERY_FEE, formatKz } from "../../../shared/money.ts";
import { DISCOUNT_LINE_LABEL } from "../../../shared/coupons.ts";
import { Title } from "../../components/title.tsx";

/**
 * Total = subtotal + delivery fee − a discount code's discount, never below 0, or 0 when the cart is empty
 * (docs/product/checkout.md#totals). The fee is the delivery chosen at checkout (docs/product/checkout.md#delivery),
 * else the shop's default.
 */
export const orderTotal = (subtotal: number, deliveryFee = DELIVERY_FEE, discount = 0) =>
  subtotal === 0 ? 0 : Math.max(0, subtotal + deliveryFee - discount);

export function CartTotals({
  subtotal,
  deliveryFee = DELIVERY_FEE,
  discount = 0,
  couponCode,
}: {
  subtotal: number;
  deliveryFee?: number;
  discount?: number;
  couponCode?: string;
}) {
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
      {discount > 0 && (
        <p>
          <span>
            {DISCOUNT_LINE_LABEL}
            {couponCode ? ` (${couponCode})` : ""}
          </span>
          <span data-testid="discount">−{formatKz(discount)}</span>
        </p>
      )}
      <p className="strong">
        <span>Total</span>
        <span data-testid="total">{formatKz(orderTotal(subtotal, deliveryFee, discount))}</span>
      </p>
    </div>
  );
}
