// What the shopper is told by e-mail, WhatsApp/SMS and push when their order changes (docs/product/notifications.md):
// the status changes that matter to them, the payment confirmed, the proof received (staff too), the reminder.
import { noticeOrder } from "../notifications/order-events.ts";
import { reaction } from "./reaction.ts";

export const statusNoticesReaction = reaction({
  name: "status-notices",
  on: ["order.status_changed"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const push = await noticeOrder(tx, notifier, orderId!, { kind: "status", status: payload.to, reason: payload.reason ?? payload.note });
    return () => notifier.committed([push]);
  },
});

/** Paid by its money or a card: "Pagamento confirmado" (staff's move to that status is told as a status change). */
export const paymentConfirmedNoticesReaction = reaction({
  name: "payment-confirmed-notices",
  on: ["order.paid"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    if (payload.by === "status") return;
    const push = await noticeOrder(tx, notifier, orderId!, { kind: "payment-confirmed" });
    return () => notifier.committed([push]);
  },
});

export const proofReceivedNoticesReaction = reaction({
  name: "proof-received-notices",
  on: ["proof.received"],
  async inTransaction(tx, { orderId, payload }, { notifier }) {
    const push = await noticeOrder(tx, notifier, orderId!, { kind: "proof-received", proofId: payload.proofId });
    return () => notifier.committed([push]);
  },
});

export const paymentReminderNoticesReaction = reaction({
  name: "payment-reminder-notices",
  on: ["payment.reminder_due"],
  async inTransaction(tx, { orderId }, { notifier }) {
    await noticeOrder(tx, notifier, orderId!, { kind: "payment-reminder" });
    return () => notifier.committed();
  },
});
