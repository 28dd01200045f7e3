// Background work of the money path: every 10 s, cancel overdue bank-transfer orders and send the halfway
// reminders (server/domain/payments/deadlines.ts). Started with the app, stopped on close; the timer is unref'd
// so it never keeps the process alive, and a round never overlaps the previous one.
import fp from "fastify-plugin";
import { runPaymentDeadlines } from "../domain/payments/deadlines.ts";

export const PAYMENT_DEADLINE_INTERVAL_MS = 10_000;

export default fp(
  async (app) => {
    const { db, hub, config, payments, notifier } = app.deps;
    if (!config.paymentDeadlineWorker) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const round = () => {
      if (running) return;
      running = runPaymentDeadlines(db.prisma, hub, payments.proxypay, new Date(), notifier)
        .catch((error: unknown) => app.log.warn({ err: error }, "payment deadlines round failed"))
        .finally(() => (running = undefined));
    };
    app.addHook("onReady", async () => {
      timer = setInterval(round, PAYMENT_DEADLINE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: "payment-deadlines" },
);
