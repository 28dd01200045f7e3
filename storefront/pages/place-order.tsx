import { useRef, useState, type FormEvent } from "react";
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

const EMPTY: Address = { firstName: "", lastName: "", email: "", street: "", city: "", state: "", zipcode: "", country: "", phone: "" };

const FIELDS: readonly { name: keyof Address; label: string; type?: string; mode?: "numeric" | "tel"; auto: string; half?: boolean }[] = [
  { name: "firstName", label: "Primeiro nome", auto: "given-name", half: true },
  { name: "lastName", label: "Sobrenome", auto: "family-name", half: true },
  { name: "email", label: "Email", type: "email", auto: "email" },
  { name: "street", label: "Endereço da Rua", auto: "street-address" },
  { name: "city", label: "Cidade", auto: "address-level2", half: true },
  { name: "state", label: "Província (opcional)", auto: "address-level1", half: true },
  { name: "zipcode", label: "Código Postal", mode: "numeric", auto: "postal-code", half: true },
  { name: "country", label: "País", auto: "country-name", half: true },
  { name: "phone", label: "Telefone", type: "tel", mode: "tel", auto: "tel" },
];

export default function PlaceOrderPage() {
  const [address, setAddress] = useState<Address>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>("cod");
  const { clear } = useCart();
  const { lines, subtotal } = useCartLines();
  const { token } = useSession();
  const { run } = useBusy();
  const navigate = useNavigate();
  // One key per checkout visit: a retry after a dropped connection cannot place the order twice.
  const idempotencyKey = useRef(randomId());

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

  const set = (name: keyof Address) => (e: React.ChangeEvent<HTMLInputElement>) => setAddress((a) => ({ ...a, [name]: e.target.value }));

  return (
    <form className="checkout" onSubmit={onSubmit} noValidate>
      <section className="checkout-form">
        <Title first="INFORMAÇÕES DE" second="ENTREGA" as="h1" />
        <div className="fields">
          {FIELDS.map((f) => (
            <label key={f.name} className={f.half ? "field half" : "field"}>
              <input
                name={f.name}
                type={f.type ?? "text"}
                inputMode={f.mode}
                autoComplete={f.auto}
                placeholder={f.label}
                aria-label={f.label}
                aria-invalid={Boolean(errors[f.name])}
                value={address[f.name]}
                onChange={set(f.name)}
              />
              {errors[f.name] && <span className="field-error">{errors[f.name]}</span>}
            </label>
          ))}
        </div>
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
