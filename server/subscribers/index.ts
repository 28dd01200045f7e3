// What happens when (docs/design/events.md#what-happens-when): every reaction of the shop, in one list. An event's
// reactions run in this order, each once (server/subscribers/dispatcher.ts).
//
//   order.placed           → confirmation + staff alert (mail, phone, push), the consoles' live frame
//   order.status_changed   → shopper's notices, chat line, Multicaixa reference withdrawn (cancelled)
//   order.paid             → "Pagamento confirmado" (money or card), Multicaixa reference withdrawn, metric, FR asked for
//   payment.recorded       → chat line ("Recebemos…", or "por confirmar"), metric
//   proof.received         → shopper's receipt + staff alert
//   proof.decided          → chat line
//   refund.recorded        → chat line, NC asked for
//   order.stock_released   → chat line
//   order.paid_short       → staff alert
//   payment.on_cancelled_order → staff alert, chat line
//   payment.on_closed_request → staff alert, chat line (money a cancelled, expired or paid request could not take)
//   payment.unmatched      → staff alert
//   charge.settled         → the shopper's live frame; staff alert (a mismatch, or unknown to AppyPay after a day)
//   payment.reminder_due   → reminder (mail, phone), chat line
//   payment.overdue_kept   → staff alert (with money), chat line
//   message.posted         → staff alert (nobody online), support reply push
//   return.requested       → chat line, staff alert
//   return.status_changed  → chat line (and the replacement order's), shopper's notices (mail, phone, push)
//   fiscal.document_issued → the shopper's e-mail with its number
//   fiscal.document_overdue → staff alert
//   settings.changed       → staff alert to every admin too (bank details or contacts changed)
//   conversation.assigned  → push to the member it was given to (by someone else)
//   phone.code_requested   → the code's WhatsApp or SMS
//   password.reset_requested → the reset link's e-mail
//   payment_request.created → its card in the chat, the shopper's e-mail, WhatsApp/SMS (as chosen) and push
//   payment_request.closed → chat line (cancelled, expired), its Multicaixa reference withdrawn
//   payment_request.paid   → its Multicaixa reference withdrawn, its own FR asked for (the money's own payment.recorded
//                            tells the chat)
import type { Reaction } from "./reaction.ts";
import { passwordResetMailReaction, phoneCodeMessageReaction } from "./account-messages.ts";
import { chargeSettledFrameReaction, newOrderFrameReaction } from "./live-frames.ts";
import { paymentsMetricReaction } from "./metrics.ts";
import { withdrawMulticaixaReferenceReaction } from "./multicaixa-references.ts";
import {
  paymentConfirmedNoticesReaction,
  paymentReminderNoticesReaction,
  proofReceivedNoticesReaction,
  statusNoticesReaction,
} from "./order-notices.ts";
import { placedOrderNoticesReaction } from "./placed-order-notices.ts";
import {
  issuedDocumentMailReaction,
  paidOrderInvoiceReaction,
  paidRequestInvoiceReaction,
  refundCreditNoteReaction,
} from "./fiscal-documents.ts";
import { shopChatLinesReaction } from "./shop-chat-lines.ts";
import { returnChatLinesReaction, returnNoticesReaction, returnRequestedAlertReaction } from "./return-notices.ts";
import {
  paymentRequestCardReaction,
  paymentRequestClosedLineReaction,
  paymentRequestNoticesReaction,
  withdrawRequestReferenceReaction,
} from "./payment-requests.ts";
import { supportReplyPushReaction } from "./shopper-pushes.ts";
import { assignedConversationPushReaction } from "./staff-pushes.ts";
import {
  fiscalOverdueAlertReaction,
  mcxExpressChargeAlertReaction,
  messageWaitingAlertReaction,
  shopDetailsChangedAlertReaction,
  overdueWithMoneyAlertReaction,
  paidWithoutStockAlertReaction,
  paymentOnCancelledAlertReaction,
  paymentOnClosedRequestAlertReaction,
  unmatchedPaymentAlertReaction,
} from "./staff-alerts.ts";

export const SHOP_REACTIONS: readonly Reaction[] = [
  placedOrderNoticesReaction,
  newOrderFrameReaction,
  chargeSettledFrameReaction,
  statusNoticesReaction,
  paymentConfirmedNoticesReaction,
  proofReceivedNoticesReaction,
  paymentReminderNoticesReaction,
  shopChatLinesReaction,
  returnChatLinesReaction,
  returnNoticesReaction,
  returnRequestedAlertReaction,
  withdrawMulticaixaReferenceReaction,
  paidOrderInvoiceReaction,
  refundCreditNoteReaction,
  issuedDocumentMailReaction,
  fiscalOverdueAlertReaction,
  shopDetailsChangedAlertReaction,
  assignedConversationPushReaction,
  paidWithoutStockAlertReaction,
  paymentOnCancelledAlertReaction,
  paymentOnClosedRequestAlertReaction,
  unmatchedPaymentAlertReaction,
  mcxExpressChargeAlertReaction,
  overdueWithMoneyAlertReaction,
  messageWaitingAlertReaction,
  supportReplyPushReaction,
  paymentsMetricReaction,
  phoneCodeMessageReaction,
  passwordResetMailReaction,
  paymentRequestCardReaction,
  paymentRequestNoticesReaction,
  paymentRequestClosedLineReaction,
  withdrawRequestReferenceReaction,
  paidRequestInvoiceReaction,
];
