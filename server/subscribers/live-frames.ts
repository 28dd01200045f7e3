// Live socket frames that follow an event rather than a request: a new order reaches the staff consoles, a settled
// Multicaixa Express charge its shopper (docs/design/realtime.md). Chat messages go out from the request that wrote them, right after its commit.
import { reaction } from "./reaction.ts";

export const newOrderFrameReaction = reaction({
  name: "new-order-frame",
  on: ["order.placed"],
  async outside({ orderId }, { db, hub }) {
    const order = orderId ? await db.prisma.order.findUnique({ where: { id: orderId }, select: { totalAmount: true } }) : null;
    if (order) await hub.publishNewOrder({ orderId: orderId!, totalAmount: order.totalAmount.toNumber() });
  },
});

/** A settled Multicaixa Express charge reaches its shopper's open pages (the payment page reads the order again). */
export const chargeSettledFrameReaction = reaction({
  name: "charge-settled-frame",
  on: ["charge.settled"],
  async outside({ orderId, payload }, { db, hub }) {
    const order = orderId ? await db.prisma.order.findUnique({ where: { id: orderId }, select: { userId: true } }) : null;
    if (!order) return;
    const status = payload.status === "paid" || payload.status === "failed" ? payload.status : "review";
    await hub.publishChargeSettled({ orderId: orderId!, ownerId: order.userId, chargeId: payload.chargeId, status });
  },
});
