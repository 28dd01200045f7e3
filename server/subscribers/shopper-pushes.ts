// A support reply reaches the shopper's browsers at once as a push (its e-mail waits for the reply digest:
// notifications/reply-digest.ts).
import { supportReplyPush } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

export const supportReplyPushReaction = reaction({
  name: "support-reply-push",
  on: ["message.posted"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    if (payload.sender !== "support") return;
    const push = await supportReplyPush(tx, orderId!, payload.text);
    return () => notifier.committed([push]);
  },
});
