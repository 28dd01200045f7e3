// The money path's round (runPaymentDeadlines in server/domain/payments/deadlines.ts): first the Multicaixa
// payments a webhook missed (polled from ProxyPay, since such a payment can save an order from expiring), then
// bank-transfer orders past their deadline are cancelled — or flagged to staff when they hold money — and the
// reminder at half the payment time is sent (docs/product/orders.md#payment-deadline). One instance runs a round at
// a time; PAYMENT_DEADLINE_WORKER=false turns the job off on an instance, PAYMENT_DEADLINE_INTERVAL_SECONDS sets how
// often it runs (10 s by default: a deadline is kept to within seconds).
import type { AppDeps } from "../deps.ts";
import { runPaymentDeadlines } from "../domain/payments/deadlines.ts";
import type { Job } from "./job.ts";

export function paymentDeadlinesJob({
  db,
  hub,
  payments,
  notifier,
  config,
}: Pick<AppDeps, "db" | "hub" | "payments" | "notifier" | "config">): Job {
  return {
    name: "payment-deadlines",
    everyMs: config.paymentDeadlineIntervalMs,
    scope: "cluster",
    run: () => runPaymentDeadlines(db.prisma, hub, payments.proxypay, new Date(), notifier),
  };
}
