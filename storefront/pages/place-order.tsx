import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useBusy } from "../lib/busy.tsx";
import { useCart } from "../features/cart/cart-provider.tsx";
import { useCartLines } from "../features/cart/use-cart-lines.ts";
import { useSession } from "../features/auth/session.tsx";
import { Title } from "../components/title.tsx";
import { CartTotals, orderTotal } from "../features/cart/cart-totals.tsx";
import { placeOrder } from "../features/checkout/api/place-order.ts";
import { SMS_OPT_IN, WHATSAPP_OPT_IN } from "../../shared/messaging.ts";
import { stripeOrder } from "../features/checkout/api/stripe-order.ts";
import type { Address, OrderItem, PaymentMethod } from "../features/checkout/types.ts";
import { addressErrors, submitError, withPostcode } from "../../shared/checkout.ts";
import { BANK_TRANSFER, PAY_ON_DELIVERY } from "../../shared/orders.ts";
import { DELIVERY_FEE } from "../../shared/money.ts";
import { randomId } from "../lib/random-id.ts";
import { AddressInputs, focusFirstError } from "../features/checkout/address-form.tsx";
import { DeliveryOptions, chosenOption, useDeliveryOptions } from "../features/checkout/delivery-options.tsx";
import { forgetCheckoutDraft, useCheckoutAddress } from "../features/checkout/use-checkout-address.ts";
import { placesOrderNow, returnHereAfterLogin } from "../features/auth/return-after-login.ts";
import { CouponField, forgetCoupon, useCoupon } from "../features/checkout/coupon.tsx";
import { NifField, useCheckoutNif } from "../features/checkout/nif-field.tsx";
import { nifProblem, normalizeNif } from "../../shared/nif.ts";

// Loaded only once a WhatsApp/SMS box is ticked: most checkouts never need it.
const CheckoutPhoneConfirm = lazy(() => import("../features/account/phone-confirm.tsx"));

export default function PlaceOrderPage() {
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>(BANK_TRANSFER);
  // Off by default: only a shopper who ticks it gets WhatsApp / SMS (docs/product/notifications.md#whatsapp-and-sms).
  const [optIns, setOptIns] = useState({ whatsappOptIn: false, smsOptIn: false });
  const { clear, synced } = useCart();
  // Only what can be bought as shown: sold-out or repriced lines wait in the cart for the shopper.
  const { buyable: lines, subtotal, loading: linesLoading } = useCartLines();
  const { token } = useSession();
  const { run } = useBusy();
  const navigate = useNavigate();
  // One key per checkout visit: a retry after a dropped connection cannot place the order twice.
  const idempotencyKey = useRef(randomId());
  const { address, edit } = useCheckoutAddress(token);
  const { nif, edit: editNif } = useCheckoutNif(token);
  const [nifError, setNifError] = useState<string | null>(null);
  const { options, loading: deliveryLoading } = useDeliveryOptions(address.state, address.city, subtotal, address.phone);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const delivery = chosenOption(options, pickedId);
  // Pay on delivery only with a delivery that offers it for this amount (docs/product/pay-on-delivery.md); another
  // choice falls back to the transfer.
  const payOnDeliveryOffered = delivery?.payOnDelivery === true;
  const payment: PaymentMethod = method === PAY_ON_DELIVERY && !payOnDeliveryOffered ? BANK_TRANSFER : method;
  // Previewed with the fee of the delivery chosen (free delivery takes it off); the server applies it again.
  // Without options (none could be read) the server charges the shop's default fee, as the totals show.
  const coupon = useCoupon(subtotal, deliveryLoading ? undefined : (delivery?.fee ?? DELIVERY_FEE), Boolean(token));
  // WhatsApp / SMS go only to a confirmed phone: a ticked box offers to confirm the delivery phone with a code.
  const boxTicked = optIns.whatsappOptIn || optIns.smsOptIn;

  // Back from /login with the checkout's hand-over: the order is placed at once, as the guest asked before signing
  // in or up (docs/product/checkout.md#placing-an-order) — once the merged cart, its products, the delivery fee and
  // the coupon are known. Once only: the navigation state is dropped so a reload does not place it again.
  const location = useLocation();
  const placeNow = useRef(placesOrderNow(location.state));
  const ready = Boolean(token) && synced && !linesLoading && lines.length > 0 && !deliveryLoading && !coupon.loading;
  useEffect(() => {
    if (!placeNow.current || !ready) return;
    placeNow.current = false;
    void navigate(location.pathname, { replace: true, state: null });
    void submit();
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  // The submit's error toast, taken away once the form it named is put right.
  const shownError = useRef<string | null>(null);
  const delivering = delivery?.kind !== "pickup";

  /**
   * An edit clears each error whose field became valid, at once (docs/product/checkout.md#checkout-rules); a field
   * with no error yet gets none before the next submit. Once none is left, the submit's error toast goes too.
   */
  const onEdit = (next: Address) => {
    edit(next);
    if (!Object.keys(errors).length && !shownError.current) return;
    const still: Partial<Record<keyof Address, string>> = addressErrors(withPostcode(next), { delivering });
    const kept = Object.fromEntries(
      (Object.keys(errors) as (keyof Address)[]).flatMap((f) => (still[f] ? [[f, still[f]]] : [])),
    ) as Partial<Record<keyof Address, string>>;
    setErrors(kept);
    if (shownError.current && !Object.keys(kept).length && !submitError(withPostcode(next), lines.length, payment)) {
      toast.dismissError(shownError.current);
      shownError.current = null;
    }
  };

  const submit = async () => {
    // No postal code typed: 0000 goes in its place (Angola has none).
    const sent = withPostcode(address);
    // The province is required to deliver to the door; a pickup needs none (docs/product/checkout.md#checkout-rules).
    const fieldErrors = addressErrors(sent, { delivering });
    setErrors(fieldErrors);
    const items: OrderItem[] = lines.map(({ product: p, size, quantity }) => ({
      itemId: p._id,
      name: p.name,
      image: p.image,
      price: p.price,
      size,
      quantity,
    }));
    const error = submitError(sent, items.length, payment);
    if (error) {
      toast.error(error);
      shownError.current = error;
      focusFirstError(fieldErrors);
      return;
    }
    if (Object.keys(fieldErrors).length) {
      focusFirstError(fieldErrors);
      return;
    }
    // The NIF's rule is the server's own (shared/nif.ts): said beside the field, before anything is sent.
    const badNif = nifProblem(nif);
    setNifError(badNif);
    if (badNif) {
      document.querySelector<HTMLInputElement>('input[name="nif"]')?.focus();
      return;
    }
    if (!token) {
      toast.info("Crie a sua conta (ou entre) para finalizar o pedido.");
      // The form is kept in the draft; signing up (started with the name and e-mail typed here) or in brings the
      // shopper back to it, and the order is placed at once.
      const name = [address.firstName, address.lastName]
        .map((n) => n.trim())
        .filter(Boolean)
        .join(" ");
      void navigate("/login", returnHereAfterLogin("/place-order", { placeOrder: true, name, email: address.email.trim() }));
      return;
    }
    // The fee shown is the one the server charges for this address: wait until it is known (a slow network, or an
    // address just changed), rather than send a total the server refuses.
    if (deliveryLoading) {
      toast.info("A calcular o custo da entrega… Tente de novo dentro de instantes.");
      return;
    }
    if (coupon.loading) {
      toast.info("A verificar o código de desconto… Tente de novo dentro de instantes.");
      return;
    }
    const ticked = { ...(optIns.whatsappOptIn ? { whatsappOptIn: true } : {}), ...(optIns.smsOptIn ? { smsOptIn: true } : {}) };
    const body = {
      address: sent,
      items,
      totalAmount: orderTotal(subtotal, delivery?.fee, coupon.discount),
      paymentMethod: payment,
      ...(delivery ? { deliveryOptionId: delivery.id } : {}),
      ...ticked,
      ...(coupon.accepted ? { couponCode: coupon.accepted } : {}),
      ...(normalizeNif(nif) ? { nif: normalizeNif(nif) } : {}),
    };
    try {
      if (payment === "stripe") {
        window.location.replace(await run(stripeOrder(body, idempotencyKey.current)));
        return;
      }
      const orderId = await run(placeOrder(body, idempotencyKey.current));
      clear();
      forgetCheckoutDraft();
      forgetCoupon();
      toast.success("Pedido realizado com sucesso!");
      // Paid at the door: nothing to pay now; the order waits "Por confirmar" in the shopper's orders.
      if (payment === PAY_ON_DELIVERY) {
        void navigate("/orders");
        return;
      }
      // The transfer page, for this very order: the amount, reference and deadline to pay it.
      void navigate(orderId ? `/confirmacaotransferencia?orderId=${encodeURIComponent(orderId)}` : "/confirmacaotransferencia");
    } catch {
      // the API client showed the server's message
    }
  };

  return (
    <form className="checkout" onSubmit={onSubmit} noValidate>
      <section className="checkout-form">
        <Title first="INFORMAÇÕES DE" second="ENTREGA" as="h1" />
        <AddressInputs address={address} errors={errors} onChange={onEdit} courierFields />
        <NifField
          nif={nif}
          error={nifError}
          onChange={(value) => {
            editNif(value);
            setNifError(null);
          }}
        />
        <DeliveryOptions options={options} chosen={delivery} onChoose={setPickedId} />
      </section>
      <section className="checkout-side">
        <CouponField coupon={coupon} />
        <CartTotals subtotal={subtotal} deliveryFee={delivery?.fee} discount={coupon.discount} couponCode={coupon.accepted} />
        <Title first="MÉTODO DE" second="PAGAMENTO" />
        <label className="payment">
          <input
            type="radio"
            name="payment"
            value={BANK_TRANSFER}
            checked={payment === BANK_TRANSFER}
            onChange={() => setMethod(BANK_TRANSFER)}
          />
          Transferência Bancária
        </label>
        {payOnDeliveryOffered && (
          <label className="payment">
            <input
              type="radio"
              name="payment"
              value={PAY_ON_DELIVERY}
              checked={payment === PAY_ON_DELIVERY}
              onChange={() => setMethod(PAY_ON_DELIVERY)}
            />
            Pagamento na entrega
            <small className="payment-hint">Em numerário ou TPA ao receber. Confirmamos o pedido consigo por telefone ou WhatsApp.</small>
          </label>
        )}
        <label className="check">
          <input
            type="checkbox"
            name="whatsappOptIn"
            checked={optIns.whatsappOptIn}
            onChange={(e) => setOptIns((o) => ({ ...o, whatsappOptIn: e.target.checked }))}
          />
          {WHATSAPP_OPT_IN}
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="smsOptIn"
            checked={optIns.smsOptIn}
            onChange={(e) => setOptIns((o) => ({ ...o, smsOptIn: e.target.checked }))}
          />
          {SMS_OPT_IN}
        </label>
        {token && boxTicked && (
          <Suspense fallback={null}>
            <CheckoutPhoneConfirm phone={address.phone} />
          </Suspense>
        )}
        <button type="submit" className="btn">
          FINALIZAR PEDIDO
        </button>
      </section>
    </form>
  );
}
