// "Multicaixa Express" on a payment request's card (docs/product/payment-requests.md#in-the-storefront): the mobile,
// one tap, then "Aprove o pagamento na app Multicaixa Express" with the 90-second countdown until the outcome comes
// (the shop's socket frame reloads the chat; else the card asks again every few seconds); a charge that was not paid
// shows why and "Tentar de novo". A paid one turns the card into "Pago".
import { useEffect, useState, type FormEvent } from "react";
import { formatKz } from "../../../shared/money.ts";
import { MCX_EXPRESS_APPROVAL_SECONDS, MCX_EXPRESS_INVALID_PHONE, angolanMobile } from "../../../shared/mcx-express.ts";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import { payWithMcxExpress, type StartedCharge } from "../orders/api/mcx-express.ts";
import { useNow } from "../orders/use-now.ts";
import type { PaymentRequest } from "./types.ts";

/** While a charge waits for the shopper's approval, the chat is read again this often (when no socket frame came). */
const POLL_MS = 4_000;

export function RequestMcxExpress({ orderId, request, reload }: { orderId: string; request: PaymentRequest; reload: () => void }) {
  const charge = request.mcxExpress?.charge ?? null;
  const [phone, setPhone] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [started, setStarted] = useState<StartedCharge | null>(null);
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
    if (!angolanMobile(phone)) {
      setError(MCX_EXPRESS_INVALID_PHONE);
      return;
    }
    setError("");
    setSending(true);
    try {
      setStarted(await payWithMcxExpress(orderId, phone, request.id));
      reload();
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      setError(err instanceof ApiError && err.fromServer ? err.message : "Não foi possível pedir o pagamento. Tente de novo.");
      reload();
    } finally {
      setSending(false);
    }
  };

  if (waiting) {
    const secondsLeft = Math.min(
      MCX_EXPRESS_APPROVAL_SECONDS,
      Math.max(0, Math.ceil((new Date(waiting.expiresAt).getTime() - now) / 1000)),
    );
    return (
      <div className="mcx-wait" role="status" data-testid="request-mcx-wait">
        <p className="strong">Aprove o pagamento na app Multicaixa Express</p>
        <p>Enviámos o pedido de {formatKz(request.amount)}.</p>
        <p className="mcx-countdown" aria-live="off">
          {secondsLeft > 0 ? `${secondsLeft} s` : "A confirmar o pagamento…"}
        </p>
      </div>
    );
  }
  if (charge?.status === "review") return <p role="status">{charge.message}</p>;
  const failed = charge?.status === "failed";
  return (
    <form className="mcx-form" onSubmit={(e) => void submit(e)} noValidate data-testid="request-mcx-express">
      {failed && charge.message && (
        <p className="form-error" role="alert">
          {charge.message}
        </p>
      )}
      <label className="field">
        Telemóvel com Multicaixa Express
        <input
          name="mcx-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPhone(e.target.value)}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={sending ? "btn btn-small is-busy" : "btn btn-small"} disabled={sending}>
        {failed ? "Tentar de novo" : "Pagar com Multicaixa Express"}
      </button>
    </form>
  );
}
