import { Link, useSearchParams } from "react-router-dom";
import { ATTACHMENT_ACCEPT } from "../../shared/chat.ts";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { PROOF_STATUS_LABELS } from "../../shared/payments.ts";
import { CopyList, useCopyFeedback, type CopyRow } from "../components/copy-list.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import type { Order } from "../features/orders/api/user-orders.ts";
import { amountDue, awaitsTransfer, formatDeadline, ibanWithoutSpaces, plainAmount, timeLeft } from "../features/orders/payment.ts";
import { useNow } from "../features/orders/use-now.ts";
import { useOrderPayment, type OrderPayment } from "../features/orders/use-order-payment.ts";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import "./payment-styles.ts";

export default function TransferConfirmationPage() {
  const ready = useSkeletonDelay();
  const bank = useShopSettings()?.bank;
  const [params] = useSearchParams();
  const payment = useOrderPayment(params.get("orderId") ?? "");
  const [copied, copy] = useCopyFeedback();

  if (!ready || !bank || !payment.ready) return <Skeleton count={4} variant="row" />;
  const order = payment.order;
  const toPay = order && awaitsTransfer(order) ? order : null;
  const bankRows: CopyRow[] = [
    { label: "Banco", value: bank.bankName },
    { label: "Titular da conta", value: bank.accountHolder },
    { label: "Número da conta", value: bank.accountNumber },
    {
      label: "IBAN",
      value: bank.iban,
      code: true,
      actions: [
        { text: bank.iban, name: "Copiar IBAN" },
        // The accessible name starts with the visible text (axe: label-content-name-mismatch).
        { text: ibanWithoutSpaces(bank.iban), button: "Copiar sem espaços", name: "Copiar sem espaços o IBAN", field: "IBAN sem espaços" },
      ],
    },
  ];

  return (
    <div className="transfer">
      <h1 className="page-title">Obrigado por fazer a sua encomenda conosco!</h1>
      {toPay ? (
        <AmountToPay order={toPay} onCopy={copy} />
      ) : (
        order && (
          <p className="muted">
            O pedido #{shortOrderId(order._id)} já não aguarda pagamento ({order.status}).
          </p>
        )
      )}
      <p className="muted">
        {toPay
          ? "Faça a transferência bancária do montante acima para a conta abaixo, com a referência no descritivo, e envie o comprovativo nesta página. O pedido é preparado assim que o pagamento for confirmado."
          : "Faça a transferência bancária do valor total para a conta abaixo e envie o comprovativo na conversa da encomenda. O pedido é preparado assim que o pagamento for confirmado."}
      </p>
      <CopyList rows={bankRows} onCopy={copy} testId="bank-details" />
      {toPay?.multicaixa && (
        <section className="pay-block" aria-labelledby="multicaixa-title">
          <h2 id="multicaixa-title" className="pay-title">
            Ou pague no Multicaixa (Pagamento por Referência)
          </h2>
          <CopyList
            testId="multicaixa"
            onCopy={copy}
            rows={[
              {
                label: "Entidade",
                value: toPay.multicaixa.entity,
                actions: [{ text: toPay.multicaixa.entity, name: "Copiar Entidade Multicaixa", field: "Entidade" }],
              },
              {
                label: "Referência",
                value: toPay.multicaixa.reference,
                actions: [{ text: toPay.multicaixa.reference, name: "Copiar Referência Multicaixa", field: "Referência" }],
              },
              {
                label: "Montante",
                value: formatKz(toPay.multicaixa.amount),
                actions: [{ text: plainAmount(toPay.multicaixa.amount), name: "Copiar Montante Multicaixa", field: "Montante" }],
              },
            ]}
          />
        </section>
      )}
      <p className="copied" role="status">
        {copied && `Copiado: ${copied}`}
      </p>
      {order && (toPay || order.proofs.length > 0) && <Proofs order={order} payment={payment} canSend={Boolean(toPay)} />}
      <Link to="/orders" className="btn">
        Ver a Encomenda
      </Link>
    </div>
  );
}

/** The order's amount left to pay, its reference and its deadline. */
function AmountToPay({ order, onCopy }: { order: Order; onCopy: (text: string, field: string) => void }) {
  const now = useNow();
  const due = amountDue(order);
  const rows: CopyRow[] = [
    { label: "Montante a pagar", value: formatKz(due), actions: [{ text: plainAmount(due) }] },
    ...(order.paymentReference ? [{ label: "Referência de pagamento", value: order.paymentReference }] : []),
  ];
  return (
    <section className="pay-block" aria-labelledby="pay-title" data-testid="amount-to-pay">
      <h2 id="pay-title" className="pay-title">
        Pedido #{shortOrderId(order._id)}
      </h2>
      <CopyList rows={rows} onCopy={onCopy} />
      {order.amountPaid > 0 && (
        <p className="muted">
          Já recebemos {formatKz(order.amountPaid)} de {formatKz(order.totalAmount)}.
        </p>
      )}
      {order.paymentReference && (
        <p className="muted">Escreva a referência no descritivo da transferência: é por ela que identificamos o seu pagamento.</p>
      )}
      {order.paymentDeadline && (
        <p data-testid="deadline">
          Pague até <span className="strong">{formatDeadline(order.paymentDeadline)}</span> (hora de Angola) ·{" "}
          {timeLeft(order.paymentDeadline, now)}
        </p>
      )}
    </section>
  );
}

/** The proofs sent for the order and their state; the button to send one while the order awaits payment. */
function Proofs({ order, payment, canSend }: { order: Order; payment: OrderPayment; canSend: boolean }) {
  return (
    <section className="pay-block" aria-labelledby="proof-title">
      <h2 id="proof-title" className="pay-title">
        Comprovativo de pagamento
      </h2>
      {canSend && (
        <>
          <label className={payment.sending ? "btn btn-outline file-button is-busy" : "btn btn-outline file-button"}>
            Enviar comprovativo
            <input
              type="file"
              className="visually-hidden"
              accept={ATTACHMENT_ACCEPT}
              disabled={payment.sending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void payment.sendProof(file);
              }}
            />
          </label>
          <p className="muted">Imagem ou PDF, até 10 MB.{payment.sending && " A enviar…"}</p>
        </>
      )}
      {payment.proofError && (
        <p className="form-error" role="alert" data-testid="proof-error">
          {payment.proofError}
        </p>
      )}
      {order.proofs.length > 0 && (
        <ul className="proofs" data-testid="proofs">
          {order.proofs.map((p) => (
            <li key={p._id} className={`proof proof-${p.status}`}>
              <a href={p.url} target="_blank" rel="noreferrer">
                {p.fileName || "Comprovativo"}
              </a>
              <span className="proof-status">{PROOF_STATUS_LABELS[p.status]}</span>
              {p.status === "refused" && p.reason && <span className="proof-reason">Motivo: {p.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
