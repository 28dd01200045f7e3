// Bank-transfer orders past their payment deadline are cancelled, and the reminder at half the payment time is
// sent (docs/product/orders.md#payment-deadline). Each round first takes the Multicaixa payments a webhook missed
// (multicaixa-poll.ts), since such a payment can save an order from expiring. One instance runs a round at a time;
// PAYMENT_DEADLINE_WORKER=false turns the job off on an instance.
import type { AppDeps } from "../deps.ts";
import { expireOverdueOrders, remindHalfway } from "../domain/orders/deadlines.ts";
import type { Job } from "./job.ts";
import { pollMulticaixa } from "./multicaixa-poll.ts";

const PAYMENT_DEADLINE_INTERVAL_MS = 10_000;

export function paymentDeadlinesJob(deps: Pick<AppDeps, "db" | "hub" | "payments" | "notifier">): Job {
  const { db, hub, payments, notifier } = deps;
  return {
    name: "payment-deadlines",
    everyMs: PAYMENT_DEADLINE_INTERVAL_MS,
    scope: "cluster",
    async run() {
      await pollMulticaixa(deps);
      const now = new Date();
      await expireOverdueOrders(db.prisma, now, hub, payments.proxypay, notifier);
      await remindHalfway(db.prisma, now, hub, notifier);
    },
  };
}
