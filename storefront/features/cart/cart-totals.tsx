import { DELIVERY_FEE, formatKz } from "../../../shared/money.ts";
import { Title } from "../../components/title.tsx";

/** Total = subtotal + delivery fee, or 0 when the cart is empty (docs/product/checkout.md#totals). */
export const orderTotal = (subtotal: number) => (subtotal === 0 ? 0 : subtotal + DELIVERY_FEE);

export function CartTotals({ subtotal }: { subtotal: number }) {
  return (
    <div className="totals">
      <Title first="TOTAL DO" second="CARRINHO" />
      <p>
        <span>Subtotal</span>
        <span data-testid="subtotal">{formatKz(subtotal)}</span>
      </p>
      <p>
        <span>Taxa de envio</span>
        <span>{formatKz(DELIVERY_FEE)}</span>
      </p>
      <p className="strong">
        <span>Total</span>
        <span data-testid="total">{formatKz(orderTotal(subtotal))}</span>
      </p>
    </div>
  );
}
