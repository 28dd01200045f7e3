// A Multicaixa Express charge asked from the shopper's side, wherever it is offered: the order's payment page
// (mcx-express-pay.tsx, docs/product/orders.md#multicaixa-express) and a payment request's card in the chat
// (docs/product/payment-requests.md#in-the-storefront). The mobile, one tap, then "Aprove o pagamento na app
// Multicaixa Express" with the 90-second countdown until the outcome comes (the shop's socket frame reloads what
// holds the charge; else it is read again every few seconds); a charge that was not paid shows why and "Tentar de
// novo", one the shop looks at says so. What holds the charge (the order, the request) turns paid by itself.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { formatKz } from "../../../shared/money.ts";
import { MCX_EXPRESS_APPROVAL_SECONDS, MCX_EXPRESS_INVALID_PHONE, angolanMobile, groupedMobile } from "../../../shared/mcx-express.ts";
import type { ShopCharge } from "../../../server/schemas/mcx-express.ts";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import type { StartedCharge } from "./api/mcx-express.ts";
import { useNow } from "./use-now.ts";

/** While a charge waits for the shopper's approval, what holds it is read again this often (when no socket frame came). */
const POLL_MS = 4_000;

export const MCX_EXPRESS_TITLE = "Pagar com Multicaixa Express";

export interface McxExpressChargeProps {
  /** The latest charge of what is paid (the order's, the request's), as the shop last answered. */
  charge: ShopCharge | null;
  /** Asks the shop to charge the mobile (`POST /api/order/mcx-express`). */
  start: (phone: string) => Promise<StartedCharge>;
  /** Reads again what holds the charge. */
  reload: () => void;
  /** What a charge asks for when the shop has not said yet (the order's amount owed, the request's amount). */
  amount: number;
  /** The mobile the form starts with (the order's delivery phone). */
  phone?: string;
  /** A line under the mobile saying what happens next. */
  hint?: string;
  /** Smaller button (inside a card). */
  compact?: boolean;
  /** Puts the form, the wait or the review note in its place; `title` names what it shows. */
  frame?: (title: string, body: ReactNode) => ReactNode;
}

export function McxExpressCharge({
  charge,
  start,
  reload,
  amount,
  phone: firstPhone = "",
  hint,
  compact = false,
  frame,
}: McxExpressChargeProps) {
  const [phone, setPhone] = useState(firstPhone);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  // The charge just asked for, until what holds it, read again, shows it.
  const [started, setStarted] = useState<(StartedCharge & { phone: string }) | null>(null);
  const known = started && charge?.chargeId === started.chargeId ? charge : null;
  const waiting = started && (!known || known.status === "pending") ? started : charge?.status === "pending" ? charge : null;
  const now = useNow(waiting ? 1_000 : 60_000);
  const ids = useId();
  const place = frame ?? ((_title: string, body: ReactNode) => body);

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
      setStarted({ ...(await start(phone)), phone: groupedMobile(mobile) });
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
    // Never above the 90 s: `now` may be up to a tick old when the wait starts.
    const secondsLeft = Math.min(
      MCX_EXPRESS_APPROVAL_SECONDS,
      Math.max(0, Math.ceil((new Date(waiting.expiresAt).getTime() - now) / 1000)),
    );
    const shownPhone = started && waiting === started ? started.phone : (charge?.phoneNumber ?? "");
    const asked = known?.amount ?? (charge?.status === "pending" ? charge.amount : amount);
    return place(
      MCX_EXPRESS_TITLE,
      <div className="mcx-wait" role="status" data-testid="mcx-wait">
        <p className="strong">Aprove o pagamento na app Multicaixa Express</p>
        <p>
          Enviámos o pedido de {formatKz(asked)}
          {shownPhone && ` para o ${shownPhone}`}.
        </p>
        <p className="mcx-countdown" data-testid="mcx-countdown" aria-live="off">
          {secondsLeft > 0 ? `${secondsLeft} s` : "A confirmar o pagamento…"}
        </p>
      </div>,
    );
  }

  if (charge?.status === "review") return place("Pagamento Multicaixa Express", <p role="status">{charge.message}</p>);
  const failed = charge?.status === "failed";
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  return place(
    MCX_EXPRESS_TITLE,
    <>
      {failed && charge.message && (
        <p className="form-error" role="alert" data-testid="mcx-reason">
          {charge.message}
        </p>
      )}
      <form className="mcx-form" onSubmit={(e) => void submit(e)} noValidate data-testid="mcx-form">
        <label className="field">
          Telemóvel com Multicaixa Express
          <input
            name="mcx-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : hint ? hintId : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : (
          hint && (
            <p id={hintId} className="muted">
              {hint}
            </p>
          )
        )}
        <button
          type="submit"
          className={["btn", compact && "btn-small", sending && "is-busy"].filter(Boolean).join(" ")}
          disabled={sending}
        >
          {failed ? "Tentar de novo" : MCX_EXPRESS_TITLE}
        </button>
      </form>
    </>,
  );
}
