// A new order's confirmation (what to pay), its staff alert e-mails and phone message, and the staff push: written
// right after the order commits, never inside placement, whose statement stays as cheap as an order without mail
// (docs/design/notifications.md#placed-orders).
import { placedOrderNotices } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

export const placedOrderNoticesReaction = reaction({
  name: "placed-order-notices",
  on: ["order.placed"],
  async inTransaction(tx, event, { notifier }) {
    const push = await placedOrderNotices(tx, notifier, event.orderId!);
    return () => notifier.committed([push]);
  },
});
