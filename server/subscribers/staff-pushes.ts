// Pushes to one staff member (docs/product/console.md#conversations): a conversation another member gave them.
// Staff-wide alerts (new order, proof, waiting message) go with their e-mails: staff-alerts.ts.
import { orderEventsRepository } from "../notifications/order-events-repository.ts";
import { assignedConversationPush } from "../notifications/staff-push.ts";
import { reaction } from "./reaction.ts";

export const assignedConversationPushReaction = reaction({
  name: "assigned-conversation-push",
  on: ["conversation.assigned"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const { assigneeId, byId } = payload;
    // Taking a conversation oneself, or giving it back to nobody, tells no one.
    if (!assigneeId || assigneeId === byId) return;
    const repo = orderEventsRepository(tx);
    const [order, by] = await Promise.all([repo.order(orderId!), repo.staffName(byId)]);
    if (!order) return;
    const push = assignedConversationPush({ orderId: orderId!, assigneeId, customerName: order.user.name, by: by ?? "" });
    return () => notifier.committed([push]);
  },
});
