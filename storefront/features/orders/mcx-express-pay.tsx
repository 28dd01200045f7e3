// "Pagar com Multicaixa Express" on the payment page (docs/product/orders.md#multicaixa-express): the delivery phone
// prefilled, one tap, then "Aprove o pagamento na app Multicaixa Express" with the 90-second countdown until the outcome
// arrives (the shop's socket frame, else the page's polling); a charge that was not paid shows why and "Tentar de novo".
// A paid one turns the page into the paid page (the order is paid).
import { useEffect, useState, type FormEvent } from "react";
import { formatKz } from "../../../shared/money.ts";
import { MCX_EXPRESS_APPROVAL_SECONDS, MCX_EXPRESS_INVALID_PHONE, angolanMobile, groupedMobile } from "../../../shared/mcx-express.ts";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import type { Order } from "./api/user-orders.ts";
import { payWithMcxExpress, type StartedCharge } from "./api/mcx-express.ts";
import { useNow } from "./use-now.ts";

/** What a charge asks for: what the order still owes by the ledger, as the server works it out (docs/design/money.md#multicaixa-express-appypay). */
const owed = (order: Order): number => Math.max(0, Math.round((order.totalAmount - order.amountPaid) * 100) / 100);

/** While a charge waits for the shopper's approval, the order is read again this often (when no socket frame came). */
const POLL_MS = 4_000;

export function McxExpressPay({ order, reload }: { order: Order; reload: () => void }) {
  const charge = order.mcxExpress?.charge ?? null;
  const [phone, setPhone] = useState(order.address.phone);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  // The charge this page just asked for, until the order read again shows it.
  const [started, setStarted] = useState<(StartedCharge & { phone: string }) | null>(null);
  const known = started && charge?.chargeId === started.chargeId ? charge : null;
  const waiting = started && (!known || known.status === "pending") ? started : charge?.status === "pending" ? charge : null;
  const now = useNow(waiting ? 1_000 : 60_000);

  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(reload, POLL_MS);
    return () => clearInterval(t);
  }, [waiting, reload]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const mobile = angolanMobile(phone);
    if (!mobile) {
      setError(MCX_EXPRESS_INVALID_PHONE);
      return;
    }
    setError("");
    setSending(true);
    try {
      setStarted({ ...(await payWithMcxExpress(order._id, phone)), phone: groupedMobile(mobile) });
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      setError(err instanceof ApiError && err.fromServer ? err.message : "Não foi possível pedir o pagamento. Tente de novo.");
      reload();
    } finally {
      setSending(false);
    }
  };

  if (waiting) {
    // Never above the 90 s: `now` may be up to a tick old when the wait starts.
    const secondsLeft = Math.min(
      MCX_EXPRESS_APPROVAL_SECONDS,
      Math.max(0, Math.ceil((new Date(waiting.expiresAt).getTime() - now) / 1000)),
    );
    const shownPhone = started && waiting === started ? started.phone : (charge?.phoneNumber ?? "");
    return (
      <section className="pay-block mcx" aria-labelledby="mcx-title" data-testid="mcx-express">
        <h2 id="mcx-title" className="pay-title">
          Pagar com Multicaixa Express
        </h2>
        <div className="mcx-wait" role="status">
          <p className="strong">Aprove o pagamento na app Multicaixa Express</p>
          <p>
            Enviámos o pedido de {formatKz(known?.amount ?? (charge?.status === "pending" ? charge.amount : owed(order)))} para o{" "}
            {shownPhone}.
          </p>
          <p className="mcx-countdown" data-testid="mcx-countdown" aria-live="off">
            {secondsLeft > 0 ? `${secondsLeft} s` : "A confirmar o pagamento…"}
          </p>
        </div>
      </section>
    );
  }

  const failed = charge?.status === "failed";
  if (charge?.status === "review")
    return (
      <section className="pay-block mcx" aria-labelledby="mcx-title" data-testid="mcx-express">
        <h2 id="mcx-title" className="pay-title">
          Pagamento Multicaixa Express
        </h2>
        <p role="status">{charge.message}</p>
      </section>
    );
  return (
    <section className="pay-block mcx" aria-labelledby="mcx-title" data-testid="mcx-express">
      <h2 id="mcx-title" className="pay-title">
        Pagar com Multicaixa Express
      </h2>
      {failed && charge.message && (
        <p className="form-error" role="alert" data-testid="mcx-reason">
          {charge.message}
        </p>
      )}
      <form className="mcx-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          Telemóvel com Multicaixa Express
          <input
            name="mcx-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "mcx-error" : "mcx-hint"}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
        {error ? (
          <p id="mcx-error" className="form-error" role="alert">
            {error}
          </p>
        ) : (
          <p id="mcx-hint" className="muted">
            Recebe o pedido na app Multicaixa Express e aprova-o em 90 segundos: o pedido fica pago na hora.
          </p>
        )}
        <button type="submit" className={sending ? "btn is-busy" : "btn"} disabled={sending}>
          {failed ? "Tentar de novo" : "Pagar com Multicaixa Express"}
        </button>
      </form>
    </section>
  );
}
