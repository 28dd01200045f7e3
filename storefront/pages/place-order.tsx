import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useBusy } from "../app/busy.tsx";
import { useCart } from "../features/cart/cart-provider.tsx";
import { useCartLines } from "../features/cart/use-cart-lines.ts";
import { useSession } from "../app/session.tsx";
import { Title } from "../components/title.tsx";
import { CartTotals, orderTotal } from "../features/cart/cart-totals.tsx";
import { placeOrder } from "../features/checkout/api/place-order.ts";
import { stripeOrder } from "../features/checkout/api/stripe-order.ts";
import type { Address, OrderItem, PaymentMethod } from "../features/checkout/types.ts";
import { addressErrors, submitError } from "../../shared/checkout.ts";
import { randomId } from "../lib/random-id.ts";
import { AddressInputs, EMPTY_ADDRESS, isEmptyAddress, toFormAddress } from "../features/checkout/address-form.tsx";
import { getAccount } from "../features/account/api/account.ts";

export default function PlaceOrderPage() {
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>("cod");
  const { clear } = useCart();
  const { lines, subtotal } = useCartLines();
  const { token } = useSession();
  const { run } = useBusy();
  const navigate = useNavigate();
  // One key per checkout visit: a retry after a dropped connection cannot place the order twice.
  const idempotencyKey = useRef(randomId());

  // The account's saved address fills the form, only while nothing has been typed (issue 13).
  useEffect(() => {
    if (!token) return;
    let live = true;
    getAccount({ quiet: true })
      .then(({ savedAddress }) => {
        if (live && savedAddress) setAddress((current) => (isEmptyAddress(current) ? toFormAddress(savedAddress) : current));
      })
      // Without it the form simply starts empty.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [token]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const fieldErrors = addressErrors(address);
    setErrors(fieldErrors);
    const items: OrderItem[] = lines.map(({ product: p, size, quantity }) => ({ itemId: p._id, name: p.name, image: p.image, price: p.price, size, quantity }));
    const error = submitError(address, items.length, method);
    if (error) {
      toast.error(error);
      return;
    }
    if (Object.keys(fieldErrors).length) return;
    if (!token) {
      toast.info("Entre na sua conta para finalizar o pedido.");
      navigate("/login");
      return;
    }
    const body = { address, items, totalAmount: orderTotal(subtotal), paymentMethod: method };
    try {
      if (method === "stripe") {
        window.location.replace(await run(stripeOrder(body, idempotencyKey.current)));
        return;
      }
      const orderId = await run(placeOrder(body, idempotencyKey.current));
      clear();
      toast.success("Pedido realizado com sucesso!");
      // SPEC.md §4's page, for this very order: the amount, reference and deadline to pay it (issue 11).
      navigate(orderId ? `/confirmacaotransferencia?orderId=${encodeURIComponent(orderId)}` : "/confirmacaotransferencia");
    } catch {
      // the API client showed the server's message
    }
  };

  return (
    <form className="checkout" onSubmit={onSubmit} noValidate>
      <section className="checkout-form">
        <Title first="INFORMAÇÕES DE" second="ENTREGA" as="h1" />
        <AddressInputs address={address} errors={errors} onChange={setAddress} />
      </section>
      <section className="checkout-side">
        <CartTotals subtotal={subtotal} />
        <Title first="MÉTODO DE" second="PAGAMENTO" />
        <label className="payment">
          <input type="radio" name="payment" value="cod" checked={method === "cod"} onChange={() => setMethod("cod")} />
          Transferência Bancária
        </label>
        <button type="submit" className="btn">FINALIZAR PEDIDO</button>
      </section>
    </form>
  );
}
