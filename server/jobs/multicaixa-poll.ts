// Multicaixa (ProxyPay) payments reach the shop by webhook; those a webhook missed are polled from ProxyPay and
// recorded like the webhook's (server/domain/orders/multicaixa.ts). The poll is the first step of every
// payment-deadlines round (payment-deadlines.ts), so a payment is counted before its order could expire.
import type { AppDeps } from "../deps.ts";
import { pollMulticaixaPayments } from "../domain/orders/multicaixa.ts";

export async function pollMulticaixa({ db, hub, payments, notifier }: Pick<AppDeps, "db" | "hub" | "payments" | "notifier">) {
  if (payments.proxypay) await pollMulticaixaPayments(db.prisma, hub, payments.proxypay, notifier);
}
