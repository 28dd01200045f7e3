import { Link, useSearchParams } from "react-router-dom";
import { formatKz } from "../../shared/money.ts";
import { formatDate } from "../../shared/dates.ts";
import { AWAITING_PAYMENT, DELIVERED, shortOrderId } from "../../shared/orders.ts";
import { PAYMENT_STATE_LABELS, PROOF_STATUS_LABELS } from "../../shared/payments.ts";
import { Skeleton } from "../components/skeleton.tsx";
import type { Order } from "../features/orders/api/user-orders.ts";
import {
  amountDue,
  awaitingConfirmationText,
  awaitsConfirmation,
  awaitsTransfer,
  DEADLINE_EXPIRED_LABEL,
  formatDeadline,
  timeLeft,
} from "../features/orders/payment.ts";
import { useNow } from "../features/orders/use-now.ts";
import { useOrders } from "../features/orders/use-orders.ts";
import { PushPrompt } from "../features/push/push-prompt.tsx";
import { OrderWhatsAppLink } from "../features/settings/order-whatsapp-link.tsx";
import { DeliveryChoiceText } from "../features/orders/delivery-text.tsx";
import { OrderDiscountText } from "../features/orders/coupon-text.tsx";
import { OrderTimeline } from "../features/orders/order-timeline.tsx";
import { CancelOrder, mayCancel } from "../features/orders/cancel-order.tsx";
import { StockHoldText } from "../features/orders/stock-hold-text.tsx";
import { FiscalDocumentsText } from "../features/orders/fiscal-documents-text.tsx";
import { OrderRefundsText } from "../features/orders/refunds-text.tsx";
import { OrderReturnsText } from "../features/orders/returns-text.tsx";
import { ReturnRequest } from "../features/orders/return-request.tsx";
import "./payment-styles.ts";

export default function OrdersPage() {
  const { orders, reload } = useOrders();
  const now = useNow();
  // The order's chat links here with ?devolver=<orderId>: that order's return form opens at once.
  const [params] = useSearchParams();
  const returnFor = params.get("devolver");

  return (
    <div className="orders">
      <h1 className="page-title">MINHAS ENCOMENDAS</h1>
      <PushPrompt show={Boolean(orders?.length)} />
      {!orders ? (
        <Skeleton count={6} variant="row" />
      ) : orders.length === 0 ? (
        <p className="empty">Nenhum pedido encontrado</p>
      ) : (
        orders.map((o) => {
          const toPay = awaitsTransfer(o);
          return (
            <article key={o._id} className="order" data-testid="order">
              <header className="order-head">
                <p className="strong">Pedido #{shortOrderId(o._id)}</p>
                <p className="muted">{formatDate(o.createdAt)}</p>
                <p className="status">
                  <span className={o.status === DELIVERED ? "dot dot-done" : "dot dot-pending"} data-testid="status-dot" /> {o.status}
                </p>
              </header>
              <ul>
                {o.items.map((item, i) => (
                  <li key={`${item.itemId}:${item.size}:${i}`} className="order-item">
                    <img src={item.image[0]} alt="" width={64} height={64} loading="lazy" decoding="async" />
                    <div>
                      <p>{item.name}</p>
                      <p className="muted">
                        {formatKz(item.price)} · Tamanho: {item.size} · Quantidade: {item.quantity}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              <DeliveryChoiceText order={o} />
              <OrderDiscountText order={o} />
              <OrderTimeline order={o} />
              {(toPay || awaitsConfirmation(o)) && <PaymentStatus order={o} now={now} />}
              {!toPay && o.status === AWAITING_PAYMENT && o.paymentDeadline && amountDue(o) <= 0 && (
                // A discount code brought it to 0 kz: staff confirm it before its deadline (docs/product/coupons.md).
                <p className="muted">Nada a pagar: a loja confirma este pedido até {formatDeadline(o.paymentDeadline)} (hora de Angola).</p>
              )}
              <StockHoldText order={o} />
              <FiscalDocumentsText order={o} />
              <OrderRefundsText order={o} />
              <OrderReturnsText order={o} />
              <footer className="order-foot">
                <p className="strong order-total" data-testid="order-total">
                  Total: {formatKz(o.totalAmount)}
                </p>
                <div className="order-pay-actions">
                  {toPay && (
                    <Link
                      to={`/confirmacaotransferencia?orderId=${encodeURIComponent(o._id)}`}
                      className="btn"
                      aria-label={`Pagar o pedido #${shortOrderId(o._id)}`}
                    >
                      Pagar
                    </Link>
                  )}
                  <Link
                    to={`/message/${o._id}`}
                    className="btn btn-outline"
                    aria-label={o.unreadMessages > 0 ? `Mensagem, ${o.unreadMessages} por ler` : undefined}
                  >
                    Mensagem
                    {o.unreadMessages > 0 && (
                      <span className="unread-count" data-testid="unread-count">
                        {o.unreadMessages}
                      </span>
                    )}
                  </Link>
                  <OrderWhatsAppLink orderId={o._id} className="btn btn-outline btn-small" />
                  {mayCancel(o) && <CancelOrder order={o} onCancelled={reload} />}
                  <ReturnRequest order={o} startOpen={returnFor === o._id} onAsked={reload} />
                </div>
              </footer>
            </article>
          );
        })
      )}
    </div>
  );
}

/**
 * An unpaid bank-transfer order's money: how paid it is (what the shop counts), what awaits the bank's confirmation,
 * what is left to send, the time left, the last proof's fate.
 */
function PaymentStatus({ order, now }: { order: Order; now: number }) {
  const lastProof = order.proofs[order.proofs.length - 1];
  const left = order.paymentDeadline ? timeLeft(order.paymentDeadline, now) : "";
  const due = amountDue(order);
  const someRecorded = order.paymentState === "partial" || order.amountAwaitingConfirmation > 0;
  return (
    <div className="order-pay" data-testid="order-payment">
      <p>
        <span className="pay-state">{PAYMENT_STATE_LABELS[order.paymentState]}</span>
        {someRecorded && due > 0 && ` · Falta pagar ${formatKz(due)}`}
      </p>
      {order.amountAwaitingConfirmation > 0 && (
        <p className="muted" data-testid="awaiting-confirmation">
          {awaitingConfirmationText(order.amountAwaitingConfirmation)}
        </p>
      )}
      {order.paymentDeadline &&
        (left === DEADLINE_EXPIRED_LABEL ? (
          <p className="pay-expired">{DEADLINE_EXPIRED_LABEL}</p>
        ) : (
          <p className="muted">
            Pague até {formatDeadline(order.paymentDeadline)} (hora de Angola) · {left}
          </p>
        ))}
      {lastProof && (
        <p className={`proof-${lastProof.status}`}>
          Comprovativo: <span className="proof-status">{PROOF_STATUS_LABELS[lastProof.status]}</span>
          {lastProof.status === "refused" && lastProof.reason && <span className="proof-reason"> · Motivo: {lastProof.reason}</span>}
        </p>
      )}
    </div>
  );
}
