// The money path's round (runPaymentDeadlines in server/domain/payments/deadlines.ts): first the Multicaixa
// payments a webhook missed (polled from ProxyPay, since such a payment can save an order from expiring), then
// bank-transfer orders past their deadline are cancelled — or flagged to staff when they hold money — and the
// reminder at half the payment time is sent (docs/product/orders.md#payment-deadline). One instance runs a round at
// a time; PAYMENT_DEADLINE_WORKER=false turns the job off on an instance, PAYMENT_DEADLINE_INTERVAL_SECONDS sets how
// often it runs (10 s by default: a deadline is kept to within seconds).
import type { AppDeps } from "../deps.ts";
import type { PrismaClient } from "../db/client.ts";
import { runPaymentDeadlines } from "../domain/payments/deadlines.ts";
import { keepMalformedMulticaixaPayment, recordMulticaixaPayment } from "../domain/payments/multicaixa.ts";
import { readProxyPayPayment, type ProxyPayClient } from "../integrations/proxypay.ts";
import type { Job } from "../ops/job-runner.ts";

type Log = (fields: Record<string, unknown>, message: string) => void;

/**
 * The polling fallback: payments ProxyPay holds that no webhook delivered are kept (once), then acknowledged so
 * ProxyPay stops listing them; a payment is acknowledged only after its row is stored. Returns how many were handled.
 */
export async function pollMulticaixaPayments(db: PrismaClient, proxypay: ProxyPayClient, log?: Log): Promise<number> {
  let handled = 0;
  for (const raw of await proxypay.listPayments()) {
    const payment = readProxyPayPayment(raw);
    if (payment) await recordMulticaixaPayment(db, payment, log, raw);
    else await keepMalformedMulticaixaPayment(db, raw, log);
    await proxypay.acknowledgePayment(raw.id);
    handled++;
  }
  return handled;
}

export function paymentDeadlinesJob({ db, payments, config }: Pick<AppDeps, "db" | "payments" | "config">): Job {
  return {
    name: "payment-deadlines",
    everyMs: config.paymentDeadlineIntervalMs,
    scope: "cluster",
    async run() {
      if (payments.proxypay) await pollMulticaixaPayments(db.prisma, payments.proxypay);
      await runPaymentDeadlines(db.prisma, new Date());
    },
  };
}
