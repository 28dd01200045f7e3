// What a payment request causes (docs/product/payment-requests.md): its card in the order's chat and the shopper's
// notices (e-mail, WhatsApp or SMS as they chose, push) when staff make it; a chat line when it is cancelled or
// expires; its Multicaixa reference withdrawn at ProxyPay once it can no longer be paid (or was paid), so it is paid
// once.
import { writeShopMessage } from "../domain/chat/service.ts";
import { formatKz } from "../../shared/money.ts";
import { luandaDateTime } from "../../shared/messaging.ts";
import { PAYMENT_REQUEST_TITLE } from "../../shared/payment-requests.ts";
import { noticeOrder } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

/** The card's text (the apps draw the card from the request; this is what any other reader sees). */
const cardText = (p: { amount: number; reason: string; expiresAt: string; reference: string }) =>
  `${PAYMENT_REQUEST_TITLE} · ${formatKz(p.amount)} · ${p.reason}\nPague até ${luandaDateTime(new Date(p.expiresAt))}: ` +
  `use o descritivo ${p.reference} na transferência, ou toque em "Pagar".`;

export const paymentRequestCardReaction = reaction({
  name: "payment-request-card",
  on: ["payment_request.created"],
  async inTransaction(tx, { orderId, payload }, { hub }) {
    const posted = await writeShopMessage(tx, orderId!, cardText(payload), payload.requestId);
    if (posted) return () => hub.publishMessage(posted);
  },
});

export const paymentRequestNoticesReaction = reaction({
  name: "payment-request-notices",
  on: ["payment_request.created"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const push = await noticeOrder(tx, notifier, orderId!, { kind: "payment-request", ...payload });
    return () => notifier.committed([push]);
  },
});

export const paymentRequestClosedLineReaction = reaction({
  name: "payment-request-closed-line",
  on: ["payment_request.closed"],
  async inTransaction(tx, { orderId, payload }, { hub }) {
    const what = payload.status === "cancelled" ? "foi cancelado pela loja" : "expirou";
    const posted = await writeShopMessage(tx, orderId!, `O ${PAYMENT_REQUEST_TITLE.toLowerCase()} ${what}: já não pode ser pago.`);
    if (posted) return () => hub.publishMessage(posted);
  },
});

export const withdrawRequestReferenceReaction = reaction({
  name: "withdraw-request-multicaixa-reference",
  on: ["payment_request.closed", "payment_request.paid"],
  async outside({ payload }, { payments }) {
    if (!payments.proxypay) return;
    const reference = payload.multicaixaReference;
    // Best effort, as for orders: ProxyPay answers 404 for a reference already gone.
    if (reference) await payments.proxypay.deleteReference(reference).catch(() => undefined);
  },
});
