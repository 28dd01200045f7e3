import { DELIVERY_FEE, formatKz } from "../../../shared/money.ts";
import { DISCOUNT_LINE_LABEL } from "../../../shared/coupons.ts";
import type { DeliveryEstimate } from "../../../shared/delivery.ts";
import { Title } from "../../components/title.tsx";

/**
 * Total = subtotal + delivery fee − a discount code's discount, never below 0, or 0 when the cart is empty
 * (docs/product/checkout.md#totals). The fee is the delivery chosen at checkout (docs/product/checkout.md#delivery),
 * else the shop's default.
 */
export const orderTotal = (subtotal: number, deliveryFee = DELIVERY_FEE, discount = 0) =>
  subtotal === 0 ? 0 : Math.max(0, subtotal + deliveryFee - discount);

/** What the cart says under the fee: what the items lack to travel free, or that they do. */
export function freeDeliveryText(estimate: DeliveryEstimate): string | null {
  const where = estimate.freeWhere ? ` em ${estimate.freeWhere}` : "";
  if (estimate.shortfall === null) return null;
  return estimate.shortfall > 0 ? `Faltam ${formatKz(estimate.shortfall)} para a entrega grátis${where}` : `A entrega é grátis${where}`;
}

/**
 * The cart's fee as it reads: "grátis" once delivery costs nothing (where, while the province is not known), never
 * "a partir de 0,00 kz"; else the fee, "a partir de" while estimated.
 */
export function cartFeeText(estimate: DeliveryEstimate): string {
  if (estimate.fee > 0) return `${estimate.exact ? "" : "a partir de "}${formatKz(estimate.fee)}`;
  return !estimate.exact && estimate.shortfall === 0 && estimate.freeWhere ? `grátis em ${estimate.freeWhere}` : "grátis";
}

/**
 * The totals. At checkout the fee is the delivery chosen; in the cart (`estimate` given: "loading" while the shop
 * answers, null when it did not) the fee is estimated until the province is known (docs/product/checkout.md#delivery-in-the-cart).
 */
export function CartTotals({
  subtotal,
  deliveryFee = DELIVERY_FEE,
  discount = 0,
  couponCode,
  estimate,
}: {
  subtotal: number;
  deliveryFee?: number;
  discount?: number;
  couponCode?: string;
  estimate?: DeliveryEstimate | "loading" | null;
}) {
  const inCart = estimate !== undefined;
  const known = typeof estimate === "object" && estimate !== null ? estimate : null;
  const fee = inCart ? (known?.fee ?? null) : deliveryFee;
  const exact = !inCart || (known?.exact ?? false);
  const from = exact ? "" : "a partir de ";
  const free = known ? freeDeliveryText(known) : null;
  const pending = estimate === "loading" ? "…" : "calculada ao finalizar";
  return (
    <div className="totals">
      <Title first="TOTAL DO" second="CARRINHO" />
      <p>
        <span>Subtotal</span>
        <span data-testid="subtotal">{formatKz(subtotal)}</span>
      </p>
      <p>
        <span>Taxa de envio{known && !exact && <small className="muted"> (estimativa)</small>}</span>
        <span data-testid="delivery-fee-total">{fee === null ? pending : known ? cartFeeText(known) : formatKz(fee)}</span>
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
        <span data-testid="total">
          {fee === null
            ? `${formatKz(orderTotal(subtotal, 0, discount))} + envio`
            : `${from}${formatKz(orderTotal(subtotal, fee, discount))}`}
        </span>
      </p>
      {known && (free || !exact) && (
        <div className="totals-notes muted">
          {free && <span data-testid="free-delivery">{free}.</span>}
          {known && !exact && (
            <span data-testid="delivery-estimate">O valor final depende da província, indicada ao finalizar a compra.</span>
          )}
        </div>
      )}
    </div>
  );
}
