// Live socket frames that follow an event rather than a request: a new order reaches the staff consoles
// (docs/design/realtime.md). Chat messages go out from the request that wrote them, right after its commit.
import { reaction } from "./reaction.ts";

export const newOrderFrameReaction = reaction({
  name: "new-order-frame",
  on: ["order.placed"],
  async outside({ orderId }, { db, hub }) {
    const order = orderId ? await db.prisma.order.findUnique({ where: { id: orderId }, select: { totalAmount: true } }) : null;
    if (order) await hub.publishNewOrder({ orderId: orderId!, totalAmount: order.totalAmount.toNumber() });
  },
});
