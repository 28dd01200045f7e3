// A payment request's card in the order's chat (docs/product/payment-requests.md): what is asked and why, until
// when, and "Pagar", which opens how to pay it — Multicaixa Express when the shop offers it, the Multicaixa reference
// when the shop has one, and the transfer with the request's own description (so the shop's bank statement matches it).
import { useState } from "react";
import { formatKz } from "../../../shared/money.ts";
import { luandaDateTime } from "../../../shared/messaging.ts";
import { PAYMENT_REQUEST_STATUS_LABELS, PAYMENT_REQUEST_TITLE } from "../../../shared/payment-requests.ts";
import { TRANSFER_DESCRIPTION_LABEL } from "../../../shared/payments.ts";
import { useShopSettings } from "../settings/settings-provider.tsx";
import type { PaymentRequest } from "./types.ts";
import { RequestMcxExpress } from "./request-mcx-express.tsx";

export function PaymentRequestCard({ orderId, request, reload }: { orderId: string; request: PaymentRequest; reload: () => void }) {
  const [open, setOpen] = useState(false);
  const bank = useShopSettings()?.bank;
  const payable = request.status === "open";
  return (
    <section className="pay-request" data-testid="payment-request" data-status={request.status} aria-label={PAYMENT_REQUEST_TITLE}>
      <p className="pay-request-title">
        {PAYMENT_REQUEST_TITLE} · <strong>{formatKz(request.amount)}</strong>
      </p>
      <p>{request.reason}</p>
      {payable ? (
        <p className="muted">Pague até {luandaDateTime(new Date(request.expiresAt))}</p>
      ) : (
        <p className="pay-request-state">{PAYMENT_REQUEST_STATUS_LABELS[request.status]}</p>
      )}
      {payable && !open && (
        <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
          Pagar
        </button>
      )}
      {payable && open && (
        <dl className="pay-request-how" data-testid="payment-request-how">
          {request.mcxExpress && (
            <>
              <dt>Multicaixa Express</dt>
              <dd>
                <RequestMcxExpress orderId={orderId} request={request} reload={reload} />
              </dd>
            </>
          )}
          {request.multicaixa && (
            <>
              <dt>Multicaixa (Pagamento por Referência)</dt>
              <dd>
                Entidade {request.multicaixa.entity} · Referência {request.multicaixa.reference} · {formatKz(request.multicaixa.amount)}
              </dd>
            </>
          )}
          <dt>Transferência bancária</dt>
          <dd>
            {bank ? `${bank.bankName} · IBAN ${bank.iban}` : "IBAN da loja"} · {formatKz(request.amount)}
          </dd>
          <dt>{TRANSFER_DESCRIPTION_LABEL}</dt>
          <dd>
            <strong>{request.reference}</strong>
          </dd>
        </dl>
      )}
    </section>
  );
}
