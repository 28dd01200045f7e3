import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useCart } from "../features/cart/cart-provider.tsx";
import { verifyStripe } from "../features/checkout/api/verify-stripe.ts";

/**
 * Stripe return (docs/product/storefront.md#card-payment-return): the server checks the session; the query's `success` is
 * only passed on.
 */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { clear } = useCart();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyStripe(params.get("success") ?? "", params.get("orderId") ?? "")
      .then((ok) => {
        if (!ok) return navigate("/cart");
        clear();
        void navigate("/orders");
      })
      .catch(() => navigate("/cart"));
  }, [params, navigate, clear]);

  return (
    <div className="pdf-loading">
      <span className="spinner" />
    </div>
  );
}
