import { Link } from "react-router-dom";
import { useCart } from "../features/cart/cart-provider.tsx";
import { useCartLines } from "../features/cart/use-cart-lines.ts";
import { BinIcon } from "../components/icons.tsx";
import { ProductImage } from "../components/product-image.tsx";
import { Title } from "../components/title.tsx";
import { CartTotals } from "../features/cart/cart-totals.tsx";
import { formatKz } from "../../shared/money.ts";
import { useState } from "react";
import { rememberPrice } from "../features/cart/seen-prices.ts";
import { CouponField, useCoupon } from "../features/checkout/coupon.tsx";
import { useSession } from "../features/auth/session.tsx";
import { useDeliveryEstimate } from "../features/cart/use-delivery-estimate.ts";

export default function CartPage() {
  const { setQuantity } = useCart();
  // Accepting a new price re-reads the lines (the remembered price is outside React's state).
  const [, setAccepted] = useState(0);
  const { lines, subtotal, loading } = useCartLines();
  const empty = lines.length === 0;
  const { token } = useSession();
  // The delivery is chosen at checkout: free delivery is previewed there (docs/product/coupons.md#preview).
  const coupon = useCoupon(subtotal, undefined, Boolean(token));
  // The fee to the door: exact once the checkout's address (or the account's saved one) names the province, else "a partir de".
  const estimate = useDeliveryEstimate(subtotal, Boolean(token));

  return (
    <div className="cart">
      <Title first="O SEU" second="CARRINHO" as="h1" />
      {empty && !loading && (
        <div className="empty">
          <p>O seu carrinho está vazio.</p>
          <Link to="/collection" className="btn">
            Ver a coleção
          </Link>
        </div>
      )}
      <ul className="cart-lines">
        {lines.map(({ product, size, quantity, soldOut, previousPrice }) => (
          <li key={`${product._id}:${size}`} className="cart-line" data-testid="cart-line">
            <ProductImage image={product.image} thumbnail={product.thumbnail} middle={product.middle} alt="" sizes="80px" />
            <div className="cart-line-info">
              <p className="strong">{product.name}</p>
              <p>
                {formatKz(product.price)} <span className="chip">{size}</span>
              </p>
              {soldOut ? (
                <p className="field-error" data-testid="line-sold-out">
                  Esgotado: remova-o para continuar (não conta no total)
                </p>
              ) : previousPrice !== undefined ? (
                <p className="field-error" data-testid="line-repriced">
                  O preço mudou de {formatKz(previousPrice)} para {formatKz(product.price)} (não conta no total).{" "}
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    onClick={() => {
                      rememberPrice(product._id, size, product.price);
                      setAccepted((n) => n + 1);
                    }}
                  >
                    Aceitar novo preço
                  </button>
                </p>
              ) : null}
            </div>
            <input
              type="number"
              min={1}
              inputMode="numeric"
              defaultValue={quantity}
              aria-label={`Quantidade de ${product.name}`}
              onChange={(e) => {
                // Empty or 0 is ignored; removal only through the bin.
                const q = Number(e.target.value);
                if (e.target.value !== "" && Number.isInteger(q) && q >= 1) setQuantity(product._id, size, q);
              }}
              // The box never stays blank (or at 0) while the cart still counts the line.
              onBlur={(e) => {
                const q = Number(e.target.value);
                if (e.target.value === "" || !Number.isInteger(q) || q < 1) e.target.value = String(quantity);
              }}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remover ${product.name}`}
              onClick={() => setQuantity(product._id, size, 0)}
            >
              <BinIcon />
            </button>
          </li>
        ))}
      </ul>
      {/* Nothing to pay or deliver: no fee, no way into checkout. */}
      {!empty && (
        <div className="cart-summary">
          <CouponField coupon={coupon} />
          <CartTotals subtotal={subtotal} discount={coupon.discount} couponCode={coupon.accepted} estimate={estimate} />
          <Link to="/place-order" className="btn">
            FINALIZAR COMPRA
          </Link>
        </div>
      )}
    </div>
  );
}
