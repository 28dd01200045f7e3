// Fiscal documents follow the money (docs/design/fiscal-documents.md#the-entry-points): an order paid by money asks
// the provider for its FR, a paid payment request for its own FR, a refund for its NCs (one per FR it credits).
// Calls outside, idempotent (one row per order / request / refund and FR, one sender at a time): run at least once,
// never twice to the provider. Without FISCAL_PROVIDER they do nothing; the fiscal-documents job sweeps whatever a
// reaction missed.
import { requestCreditNotesForRefund, requestInvoiceForPaidOrder, requestInvoiceForPaidRequest } from "../domain/fiscal/service.ts";
import { noticeFiscalDocumentIssued } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

export const paidOrderInvoiceReaction = reaction({
  name: "fiscal-invoice",
  on: ["order.paid"],
  async outside(event, deps) {
    if (!deps.fiscal || !event.orderId) return;
    await requestInvoiceForPaidOrder(deps, event.orderId);
  },
});

export const paidRequestInvoiceReaction = reaction({
  name: "fiscal-request-invoice",
  on: ["payment_request.paid"],
  async outside(event, deps) {
    if (!deps.fiscal) return;
    await requestInvoiceForPaidRequest(deps, event.payload.requestId);
  },
});

export const refundCreditNoteReaction = reaction({
  name: "fiscal-credit-note",
  on: ["refund.recorded"],
  async outside(event, deps) {
    if (!deps.fiscal) return;
    await requestCreditNotesForRefund(deps, event.payload.refundId);
  },
});

/** The shopper is e-mailed the number of each document issued for their order (downloaded from /orders). */
export const issuedDocumentMailReaction = reaction({
  name: "fiscal-issued-mail",
  on: ["fiscal.document_issued"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticeFiscalDocumentIssued(tx, orderId!, payload);
    return () => notifier.committed();
  },
});
