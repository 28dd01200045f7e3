// What the shopper hears of their return or exchange (docs/product/returns.md#what-the-shopper-is-told): a line in the
// order's chat at every step (and one in an exchange's replacement order), and at every staff move the e-mail,
// WhatsApp/SMS and push as they chose; and the staff alert of a new request.
import type { Db } from "../db/client.ts";
import { writeShopMessage } from "../domain/chat/service.ts";
import type { StoredEvent } from "../domain/events/catalog.ts";
import { replacementOrderText, returnRequestedText, returnStepText } from "../domain/returns/messages.ts";
import { noticeReturnRequested, noticeReturnStep } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

export const returnChatLinesReaction = reaction({
  name: "return-chat-lines",
  on: ["return.requested", "return.status_changed"],
  async inTransaction(tx: Db, event, { hub }) {
    const orderId = event.orderId!;
    if (event.name === "return.requested") {
      const posted = await writeShopMessage(tx, orderId, returnRequestedText((event as StoredEvent<"return.requested">).payload));
      if (posted) return () => hub.publishMessage(posted);
      return;
    }
    const p = (event as StoredEvent<"return.status_changed">).payload;
    const text = returnStepText(p);
    const posted = text ? [await writeShopMessage(tx, orderId, text)] : [];
    if (p.replacementOrderId && p.exchangeSize)
      posted.push(await writeShopMessage(tx, p.replacementOrderId, replacementOrderText(orderId, p.exchangeSize)));
    return async () => {
      for (const message of posted) if (message) await hub.publishMessage(message);
    };
  },
});

/** Staff are e-mailed a new request (the alert addresses), so it is approved or refused without watching the list. */
export const returnRequestedAlertReaction = reaction({
  name: "return-requested-alert",
  on: ["return.requested"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    await noticeReturnRequested(tx, notifier, orderId!, {
      returnId: payload.returnId,
      what: payload.resolution === "exchange" ? `troca (tamanho ${payload.exchangeSize})` : "devolução",
      lines: payload.lines.map((l) => `${l.quantity} × ${l.name} (tamanho ${l.size})`),
    });
    return () => notifier.committed();
  },
});

export const returnNoticesReaction = reaction({
  name: "return-notices",
  on: ["return.status_changed"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const text = returnStepText(payload);
    if (!text) return;
    const push = await noticeReturnStep(tx, notifier, orderId!, { returnId: payload.returnId, status: payload.to, text });
    return () => notifier.committed([push]);
  },
});
