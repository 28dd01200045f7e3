import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ATTACHMENT_ACCEPT } from "../../shared/chat.ts";
import { formatKz } from "../../shared/money.ts";
import { CANCELLED, isPaidStatus, shortOrderId } from "../../shared/orders.ts";
import {
  MULTICAIXA_LABELS,
  PROOF_STATUS_LABELS,
  SHOPPER_CANCELLED_REASON,
  TRANSFER_DESCRIPTION_LABEL,
  groupedMulticaixaReference,
} from "../../shared/payments.ts";
import { CopyList, useCopyFeedback, type Copied, type CopyRow } from "../components/copy-list.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import type { Order } from "../features/orders/api/user-orders.ts";
import { useCart } from "../features/cart/cart-provider.tsx";
import {
  amountDue,
  awaitingConfirmationText,
  awaitsConfirmation,
  awaitsTransfer,
  formatDeadline,
  ibanWithoutSpaces,
  plainAmount,
  reorderLines,
  timeLeft,
} from "../features/orders/payment.ts";
import { useNow } from "../features/orders/use-now.ts";
import { useOrderPayment, type OrderPayment } from "../features/orders/use-order-payment.ts";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import "./payment-styles.ts";
import { DeliveryChoiceText } from "../features/orders/delivery-text.tsx";
import { OrderDiscountText } from "../features/orders/coupon-text.tsx";
import { StockHoldText } from "../features/orders/stock-hold-text.tsx";
import { McxExpressPay } from "../features/orders/mcx-express-pay.tsx";

export default function TransferConfirmationPage() {
  const ready = useSkeletonDelay();
  const bank = useShopSettings()?.bank;
  const [params] = useSearchParams();
  const payment = useOrderPayment(params.get("orderId") ?? "");
  const [copied, copy, copiedFrom] = useCopyFeedback();

  if (!ready || !bank || !payment.ready) return <Skeleton count={4} variant="row" />;
  const order = payment.order;
  // A cancelled or paid order is never asked for a transfer: e-mail links and bookmarks lead here long after.
  if (order?.status === CANCELLED) return <CancelledOrder order={order} />;
  if (order && !awaitsTransfer(order)) return <SettledOrder order={order} />;
  const toPay = order;
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
    ...(toPay?.paymentReference ? [{ label: TRANSFER_DESCRIPTION_LABEL, value: toPay.paymentReference, code: true }] : []),
  ];
  const multicaixa = toPay?.multicaixa;

  return (
    <div className="transfer">
      <h1 className="page-title">Obrigado por fazer a sua encomenda conosco!</h1>
      {toPay && <AmountToPay order={toPay} onCopy={copy} copied={copiedFrom} />}
      {/* First where the shop offers it: paid from the phone in 90 seconds, confirmed by the gateway. */}
      {toPay?.mcxExpress && <McxExpressPay order={toPay} reload={payment.reload} />}
      {multicaixa && (
        // First: paid by reference, the order is confirmed by itself, with no proof to send.
        <section className="pay-block" aria-labelledby="multicaixa-title">
          <h2 id="multicaixa-title" className="pay-title">
            Pague no Multicaixa (Pagamento por Referência)
          </h2>
          <CopyList
            testId="multicaixa"
            onCopy={copy}
            copied={copiedFrom}
            rows={[
              {
                label: MULTICAIXA_LABELS.entity,
                value: multicaixa.entity,
                actions: [{ text: multicaixa.entity, name: "Copiar Entidade Multicaixa", field: MULTICAIXA_LABELS.entity }],
              },
              {
                label: MULTICAIXA_LABELS.reference,
                value: groupedMulticaixaReference(multicaixa.reference),
                actions: [{ text: multicaixa.reference, name: "Copiar Referência Multicaixa", field: MULTICAIXA_LABELS.reference }],
              },
              {
                label: MULTICAIXA_LABELS.amount,
                value: formatKz(multicaixa.amount),
                actions: [{ text: plainAmount(multicaixa.amount), name: "Copiar Montante Multicaixa", field: MULTICAIXA_LABELS.amount }],
              },
            ]}
          />
          <p className="muted">Pago por referência, o pedido é confirmado sozinho: não precisa de enviar comprovativo.</p>
        </section>
      )}
      <section className="pay-block" aria-labelledby="transfer-title">
        <h2 id="transfer-title" className="pay-title">
          {multicaixa ? "Ou por transferência bancária" : "Transferência bancária"}
        </h2>
        <p className="muted">
          {toPay
            ? toPay.paymentReference
              ? `Transfira o montante a pagar para a conta abaixo e escreva "${toPay.paymentReference}" no descritivo da transferência: é por ele que identificamos o seu pagamento. Depois envie o comprovativo nesta página. O pedido é preparado assim que o pagamento for confirmado.`
              : "Transfira o montante a pagar para a conta abaixo e envie o comprovativo nesta página. O pedido é preparado assim que o pagamento for confirmado."
            : "Faça a transferência bancária do valor total para a conta abaixo e envie o comprovativo na conversa do pedido. O pedido é preparado assim que o pagamento for confirmado."}
        </p>
        <CopyList rows={bankRows} onCopy={copy} copied={copiedFrom} testId="bank-details" />
      </section>
      <p className="visually-hidden" role="status">
        {copied && `Copiado: ${copied}`}
      </p>
      {toPay && <Proofs order={toPay} payment={payment} canSend />}
      <Link to="/orders" className="btn">
        Ver a Encomenda
      </Link>
    </div>
  );
}

/** The order's amount left to pay and its deadline. */
function AmountToPay({
  order,
  onCopy,
  copied,
}: {
  order: Order;
  onCopy: (text: string, field: string, from: string) => void;
  copied: Copied | null;
}) {
  const now = useNow();
  const due = amountDue(order);
  return (
    <section className="pay-block" aria-labelledby="pay-title" data-testid="amount-to-pay">
      <h2 id="pay-title" className="pay-title">
        Pedido #{shortOrderId(order._id)}
      </h2>
      <CopyList
        rows={[{ label: "Montante a pagar", value: formatKz(due), actions: [{ text: plainAmount(due) }] }]}
        onCopy={onCopy}
        copied={copied}
      />
      <DeliveryChoiceText order={order} />
      <OrderDiscountText order={order} />
      {order.amountPaid > 0 && (
        <p className="muted">
          Já recebemos {formatKz(order.amountPaid)} de {formatKz(order.totalAmount)}.
        </p>
      )}
      {order.amountAwaitingConfirmation > 0 && (
        <p className="muted" data-testid="awaiting-confirmation">
          {awaitingConfirmationText(order.amountAwaitingConfirmation)}
        </p>
      )}
      {order.paymentDeadline && (
        <p data-testid="deadline">
          Pague até <span className="strong">{formatDeadline(order.paymentDeadline)}</span> (hora de Angola) ·{" "}
          {timeLeft(order.paymentDeadline, now)}
        </p>
      )}
      <StockHoldText order={order} />
    </section>
  );
}

/** Why the order was cancelled, as the shopper reads it. */
function cancellationText(order: Order): string {
  const c = order.cancellation;
  if (c?.by === "deadline")
    return order.paymentDeadline
      ? `O prazo de pagamento terminou a ${formatDeadline(order.paymentDeadline)} (hora de Angola) sem o pagamento recebido, e o pedido foi cancelado.`
      : "O prazo de pagamento terminou sem o pagamento recebido, e o pedido foi cancelado.";
  if (c?.by === "shopper" && c.reason === SHOPPER_CANCELLED_REASON) return "Cancelou este pedido.";
  if (c?.by === "shopper") return "O pagamento por cartão não foi concluído, e o pedido foi cancelado.";
  return c?.reason ? `A loja cancelou este pedido. Motivo: ${c.reason}` : "A loja cancelou este pedido.";
}

/** A cancelled order: why, nothing to pay, and the same items back in the cart in one tap (priced as they are now). */
function CancelledOrder({ order }: { order: Order }) {
  const { addLines } = useCart();
  const navigate = useNavigate();
  const lines = reorderLines(order);
  return (
    <div className="transfer" data-testid="order-cancelled">
      <h1 className="page-title">Pedido #{shortOrderId(order._id)} cancelado</h1>
      <p>{cancellationText(order)}</p>
      <p className="muted">Este pedido já não pode ser pago.</p>
      {lines.length > 0 && (
        <>
          <button
            type="button"
            className="btn"
            onClick={() => {
              addLines(lines);
              void navigate("/cart");
            }}
          >
            Encomendar de novo
          </button>
          <p className="muted">Os artigos voltam ao carrinho com o preço de hoje.</p>
        </>
      )}
      <p>
        <Link to={`/message/${encodeURIComponent(order._id)}`}>Falar com o suporte sobre este pedido</Link>
      </p>
      <Link to="/orders" className="btn btn-outline">
        Ver a Encomenda
      </Link>
    </div>
  );
}

/** A paid order (or one that no longer waits for a transfer): its state, nothing to pay. */
function SettledOrder({ order }: { order: Order }) {
  const paid = isPaidStatus(order.status);
  return (
    <div className="transfer" data-testid="order-settled">
      <h1 className="page-title">{paid ? `Pedido #${shortOrderId(order._id)} pago` : `Pedido #${shortOrderId(order._id)}`}</h1>
      <p>
        {paid
          ? "Recebemos o pagamento deste pedido. "
          : awaitsConfirmation(order)
            ? "Não falta transferir nada: o pagamento aguarda a confirmação do banco. "
            : "Este pedido não aguarda transferência. "}
        Estado: <strong>{order.status}</strong>
      </p>
      {!paid && awaitsConfirmation(order) && (
        <p className="muted" data-testid="awaiting-confirmation">
          {awaitingConfirmationText(order.amountAwaitingConfirmation)}
        </p>
      )}
      {order.proofs.length > 0 && <Proofs order={order} canSend={false} />}
      <Link to="/orders" className="btn">
        Ver a Encomenda
      </Link>
    </div>
  );
}

/** The proofs sent for the order and their state; the button to send one while the order awaits payment. */
function Proofs({ order, payment, canSend }: { order: Order; payment?: OrderPayment; canSend: boolean }) {
  return (
    <section className="pay-block" aria-labelledby="proof-title">
      <h2 id="proof-title" className="pay-title">
        Comprovativo de pagamento
      </h2>
      {canSend && payment && (
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
      {payment?.proofError && (
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
