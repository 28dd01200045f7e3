// What staff are alerted of by e-mail (and push) because a person must act (docs/product/notifications.md#staff-alerts):
// a paid order without its units, money on a cancelled order, for a closed payment request or matching none, a deadline passed with money, a
// shopper's message waiting while nobody is online, a fiscal document not issued after a day, a Multicaixa Express
// charge that did not match or stayed unknown for a day, the shop's bank details or contacts changed.
import {
  noticeDeadlineWithMoney,
  noticeFiscalDocumentOverdue,
  noticeMcxExpressCharge,
  noticeMessageWaiting,
  noticePaidWithoutStock,
  noticePaymentOnCancelledOrder,
  noticePaymentOnClosedRequest,
  noticeShopDetailsChanged,
  noticeUnmatchedMulticaixaPayment,
} from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";
import { mcxExpressRepository } from "../domain/payments/mcx-express-repository.ts";
import { groupedMobile } from "../../shared/mcx-express.ts";
import { kz } from "../domain/events/catalog.ts";

export const paidWithoutStockAlertReaction = reaction({
  name: "paid-without-stock-alert",
  on: ["order.paid_short"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticePaidWithoutStock(tx, notifier, orderId!, payload.lines);
    return () => notifier.committed();
  },
});

export const paymentOnCancelledAlertReaction = reaction({
  name: "payment-on-cancelled-alert",
  on: ["payment.on_cancelled_order"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticePaymentOnCancelledOrder(tx, notifier, {
      orderId: orderId!,
      paymentId: payload.paymentId,
      amount: payload.amount,
      reference: payload.bankReference,
    });
    return () => notifier.committed();
  },
});

export const paymentOnClosedRequestAlertReaction = reaction({
  name: "payment-on-closed-request-alert",
  on: ["payment.on_closed_request"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticePaymentOnClosedRequest(tx, notifier, {
      orderId: orderId!,
      paymentId: payload.paymentId,
      amount: payload.amount,
      reference: payload.bankReference,
      why: payload.why,
    });
    return () => notifier.committed();
  },
});

export const unmatchedPaymentAlertReaction = reaction({
  name: "unmatched-payment-alert",
  on: ["payment.unmatched"],
  async inTransaction(tx, { payload }, { notifier }) {
    await noticeUnmatchedMulticaixaPayment(tx, notifier, payload);
    return () => notifier.committed();
  },
});

export const overdueWithMoneyAlertReaction = reaction({
  name: "overdue-with-money-alert",
  on: ["payment.overdue_kept"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    if (!payload.withMoney) return;
    await noticeDeadlineWithMoney(tx, notifier, orderId!);
    return () => notifier.committed();
  },
});

/** A shopper's message starts a wait and no staff member is online on any instance: the alert addresses are told. */
export const messageWaitingAlertReaction = reaction({
  name: "message-waiting-alert",
  on: ["message.posted"],
  when: async ({ payload }, { notifier }) =>
    payload.sender === "client" && payload.waitingStarts && !(await notifier.presence.staffOnline()),
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const push = await noticeMessageWaiting(tx, notifier, {
      orderId: orderId!,
      messageId: payload.messageId,
      userId: payload.authorId!,
      text: payload.text,
      hasAttachment: payload.hasAttachment,
    });
    return () => notifier.committed([push]);
  },
});

export const fiscalOverdueAlertReaction = reaction({
  name: "fiscal-overdue-alert",
  on: ["fiscal.document_overdue"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticeFiscalDocumentOverdue(tx, notifier, orderId!, payload);
    return () => notifier.committed();
  },
});

export const shopDetailsChangedAlertReaction = reaction({
  name: "shop-details-changed-alert",
  on: ["settings.changed"],
  async inTransaction(tx, { id, payload, createdAt }, { notifier }) {
    await noticeShopDetailsChanged(tx, notifier, { eventId: id, by: payload.by, fields: payload.fields, at: createdAt });
    return () => notifier.committed();
  },
});

/** A Multicaixa Express charge AppyPay confirmed for something else, or never answered for a day. */
export const mcxExpressChargeAlertReaction = reaction({
  name: "mcx-express-charge-alert",
  on: ["charge.settled"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    if (payload.status !== "mismatch" && !payload.unconfirmed) return;
    const charge = await mcxExpressRepository(tx).find(payload.chargeId);
    if (!charge) return;
    await noticeMcxExpressCharge(tx, notifier, {
      orderId: orderId!,
      chargeId: charge.id,
      problem: payload.status === "mismatch" ? "mismatch" : "unconfirmed",
      amount: kz(charge.amount),
      gatewayAmount: charge.gatewayAmount === null ? null : kz(charge.gatewayAmount),
      gatewayId: charge.gatewayId,
      phone: groupedMobile(charge.phoneNumber),
    });
    return () => notifier.committed();
  },
});
