// Every event the domain tells, by name, with what it carries (docs/design/events.md). The domain writes them in the
// transaction of the change (emit.ts); what happens when is server/subscribers/index.ts's. Amounts travel as
// numbers of kwanza with at most two decimals (the ledger's Decimals, written out).
import type { MoneyAmount } from "../../../shared/money.ts";

/** Who or what moved an order's status. */
export type StatusCause = "staff" | "shopper" | "deadline";

export interface DomainEvents {
  /** A new order was placed (its confirmation and staff alert follow). */
  "order.placed": Record<string, never>;
  /** The order moved to `to` (by staff, its shopper or its deadline); `reason` and `note` as the history keeps them. */
  "order.status_changed": {
    from: string;
    to: string;
    cause: StatusCause;
    reason: string | null;
    /** Staff's note with the change (the shopper's e-mail gives it as the reason when there is no other). */
    note: string | null;
    /** What the shop's chat line adds below the change (the shipment's lines at Enviado). */
    lines: string[];
  };
  /** The order became paid: its money covers the total (`by: "payment"`), a card payment, or staff's move. */
  "order.paid": { by: "payment" | "card" | "status" };
  /** The unpaid order's stock hold ended: its units are back on sale. */
  "order.stock_released": { paymentDeadline: string | null };
  /** Paid after its hold ended, without units left for these lines (staff must act). */
  "order.paid_short": { lines: { name: string; size: string; quantity: number }[] };
  /** Money was recorded on the order (counted, or "por confirmar" when `pending`); `lead` opens the chat line. */
  "payment.recorded": {
    paymentId: string;
    amount: number;
    bankReference: string;
    remaining: number;
    pending: boolean;
    lead?: string;
  };
  /** Money reached the order after it was cancelled: kept aside, to give back. */
  "payment.on_cancelled_order": { paymentId: string; amount: number; bankReference: string };
  /**
   * Money (Multicaixa reference, Multicaixa Express) reached a payment request that could no longer take it — cancelled,
   * expired or already paid — while its order lives on: kept aside, to give back. `why` is the request's refusal
   * ("Este pedido de pagamento foi cancelado").
   */
  "payment.on_closed_request": { paymentId: string; amount: number; bankReference: string; requestId: string; why: string };
  /** A Multicaixa payment that matches no order (or could not be read). */
  "payment.unmatched": { paymentId: string; reference: string | null; amount: number | null };
  /**
   * A Multicaixa Express charge was settled (docs/design/money.md#multicaixa-express-appypay): paid (its payment told
   * by payment.recorded), failed (`unconfirmed`: still unknown to the gateway after a day), a mismatch, or money kept
   * on a cancelled order or for a closed payment request.
   */
  "charge.settled": { chargeId: string; status: "paid" | "failed" | "mismatch" | "kept"; code: number | null; unconfirmed: boolean };
  /** Half the time to pay has passed. */
  "payment.reminder_due": { due: number; reference: string | null; deadline: string };
  /** The deadline passed with money on the order: kept, with what the shopper and staff are told. */
  "payment.overdue_kept": { text: string; withMoney: boolean };
  /** The shopper sent a proof of payment. */
  "proof.received": { proofId: string };
  /** Staff accepted or refused a proof (an accepted one that recorded money says so in payment.recorded). */
  "proof.decided": { proofId: string; accepted: boolean; reason: string | null; withPayment: boolean };
  /** Staff asked the shopper for an amount after the order (docs/product/payment-requests.md): its card and notices. */
  "payment_request.created": {
    requestId: string;
    amount: number;
    reason: string;
    expiresAt: string;
    reference: string;
    multicaixaReference: string | null;
  };
  /** A request was paid through the ledger (its payment's own payment.recorded follows). */
  "payment_request.paid": { requestId: string; amount: number; paymentId: string; multicaixaReference: string | null };
  /** A request can no longer be paid: staff cancelled it, or its deadline passed. */
  "payment_request.closed": { requestId: string; status: "cancelled" | "expired"; multicaixaReference: string | null };
  /** Money given back (or to give back) was recorded. */
  "refund.recorded": { refundId: string; amount: number; bankReference: string | null };
  /** A fiscal document of the order (FR or NC) was issued, by the provider or attached by an admin. */
  "fiscal.document_issued": { documentId: string; type: "FR" | "NC"; number: string | null };
  /** A fiscal document is still not issued FISCAL_OVERDUE_HOURS after it was asked for (told once). */
  "fiscal.document_overdue": { documentId: string; type: "FR" | "NC"; status: string; lastError: string | null };
  /** An admin saved the shop's settings: the fields that changed (their audit rows hold before and after). */
  "settings.changed": { byId: string; by: string; fields: string[] };
  /** An order's conversation was given to a staff member (or to nobody: null). */
  "conversation.assigned": { assigneeId: string | null; byId: string };
  /** A code confirming a phone is to be sent (sealed: only the message's sender can read it). */
  "phone.code_requested": { userId: string; phone: string; channel: "whatsapp" | "sms"; codeId: string; sealedCode: string };
  /** A password reset link is to be mailed (its token sealed). */
  "password.reset_requested": { userId: string; name: string; email: string; sealedToken: string };
  /** A shopper asked to return or exchange delivered items (docs/product/returns.md). */
  "return.requested": ReturnFacts;
  /** Staff moved a return (`note`: their words to the shopper; `replacementOrderId`: an exchange's, from Aprovada). */
  "return.status_changed": ReturnFacts & { from: string; to: string; note: string | null; replacementOrderId: string | null };
  /** A message was written in the order's chat. */
  "message.posted": {
    messageId: string;
    sender: "client" | "support";
    authorId: string | null;
    text: string | null;
    hasAttachment: boolean;
    /** A client message that starts a wait: the first one support has not read (staff may be alerted, once). */
    waitingStarts: boolean;
  };
}

/** What the return events carry: the shopper's words are written from them. */
export interface ReturnFacts {
  returnId: string;
  resolution: "refund" | "exchange";
  exchangeSize: string | null;
  lines: { name: string; size: string; quantity: number }[];
}

export type EventName = keyof DomainEvents;

/** An event as the domain writes it. */
export type DomainEvent = { [N in EventName]: { name: N; orderId: string | null; payload: DomainEvents[N] } }[EventName];

/** An event as stored: its id orders one order's events and names its reactions. */
export type StoredEvent<N extends EventName = EventName> = {
  id: bigint;
  name: N;
  orderId: string | null;
  payload: DomainEvents[N];
  createdAt: Date;
};

/** One event of an order. */
export const orderEvent = <N extends EventName>(name: N, orderId: string, payload: DomainEvents[N]): DomainEvent =>
  ({ name, orderId, payload }) as DomainEvent;

/** A ledger amount as an event carries it. */
export const kz = (amount: MoneyAmount): number => (typeof amount === "number" ? amount : Number(amount.toFixed(2)));
