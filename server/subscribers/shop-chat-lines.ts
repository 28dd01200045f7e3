// The shop's own lines in the order's chat (docs/product/orders.md#shop-messages): what happened to the order's status
// and money, told once per event, then published live to the shopper's and the consoles' open chats.
import type { Db } from "../db/client.ts";
import { writeShopMessage } from "../domain/chat/service.ts";
import type { StoredEvent } from "../domain/events/catalog.ts";
import {
  holdEndedText,
  paymentOnCancelledText,
  paymentOnClosedRequestText,
  paymentPendingText,
  paymentRecordedText,
  proofAcceptedText,
  proofRefusedText,
  refundText,
  reminderText,
  statusChangedText,
} from "../domain/orders/shop-messages.ts";
import { reaction } from "./reaction.ts";

/** The line an event writes in its order's chat, or null. */
function lineOf(event: StoredEvent): string | null {
  switch (event.name) {
    case "order.status_changed": {
      const p = (event as StoredEvent<"order.status_changed">).payload;
      return [statusChangedText(p.to, p.reason), ...p.lines].join("\n");
    }
    case "payment.recorded": {
      const p = (event as StoredEvent<"payment.recorded">).payload;
      const text = p.pending ? paymentPendingText(p.amount, p.bankReference) : paymentRecordedText(p.amount, p.bankReference, p.remaining);
      return p.lead ? `${p.lead} ${text}` : text;
    }
    case "proof.decided": {
      const p = (event as StoredEvent<"proof.decided">).payload;
      // An accepted proof that recorded money is told in that payment's line.
      if (p.accepted) return p.withPayment ? null : proofAcceptedText;
      return proofRefusedText(p.reason ?? "");
    }
    case "refund.recorded": {
      const p = (event as StoredEvent<"refund.recorded">).payload;
      return refundText(p.amount, p.bankReference);
    }
    case "order.stock_released": {
      const p = (event as StoredEvent<"order.stock_released">).payload;
      return holdEndedText(p.paymentDeadline ? new Date(p.paymentDeadline) : null);
    }
    case "payment.on_cancelled_order": {
      const p = (event as StoredEvent<"payment.on_cancelled_order">).payload;
      return paymentOnCancelledText(p.amount, p.bankReference);
    }
    case "payment.on_closed_request": {
      const p = (event as StoredEvent<"payment.on_closed_request">).payload;
      return paymentOnClosedRequestText(p.amount, p.bankReference, p.why);
    }
    case "payment.reminder_due": {
      const p = (event as StoredEvent<"payment.reminder_due">).payload;
      return reminderText(p.due, p.reference, new Date(p.deadline));
    }
    case "payment.overdue_kept":
      return (event as StoredEvent<"payment.overdue_kept">).payload.text;
    default:
      return null;
  }
}

export const shopChatLinesReaction = reaction({
  name: "shop-chat-line",
  on: [
    "order.status_changed",
    "payment.recorded",
    "proof.decided",
    "refund.recorded",
    "order.stock_released",
    "payment.on_cancelled_order",
    "payment.on_closed_request",
    "payment.reminder_due",
    "payment.overdue_kept",
  ],
  async inTransaction(tx: Db, event, { hub }) {
    const text = event.orderId ? lineOf(event as StoredEvent) : null;
    const posted = text ? await writeShopMessage(tx, event.orderId!, text) : null;
    if (posted) return () => hub.publishMessage(posted);
  },
});
