// Multicaixa "Pagamento por Referência" through ProxyPay (issue 11): a payment ProxyPay reports (webhook or the
// polling fallback) is recorded like a staff one, with actor "Multicaixa", once per ProxyPay payment id.
import type { PrismaClient } from "../../db/client.ts";
import { readProxyPayPayment, type ProxyPayClient, type ReceivedProxyPayPayment } from "../../payments/proxypay.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import { AppError } from "../errors.ts";
import { addPayment, announcePayment } from "./payments.ts";
import { ordersRepository } from "./repository.ts";
import { Prisma } from "../../db/client.ts";
import type { Notifier } from "../../notifications/notifier.ts";

export const MULTICAIXA_ACTOR = "Multicaixa";

export type MulticaixaOutcome = "recorded" | "duplicate" | "unknown-reference" | "order-cancelled";

/** Records a ProxyPay payment on the order holding its reference; a replay of the same payment id changes nothing. */
export async function recordMulticaixaPayment(db: PrismaClient, hub: ChatPublisher | undefined, p: ReceivedProxyPayPayment, notifier?: Notifier): Promise<MulticaixaOutcome> {
  const repo = ordersRepository(db);
  if (await repo.paymentWithExternalId(p.paymentId)) return "duplicate";
  const order = await repo.findByMulticaixaReference(p.referenceId);
  if (!order) return "unknown-reference";
  const payment = { amount: new Prisma.Decimal(Math.round(p.amount * 100)).dividedBy(100), bankReference: `Multicaixa ${p.referenceId}`, receivedAt: p.receivedAt, note: null };
  try {
    const recorded = await db.$transaction((tx) => addPayment(tx, order.id, payment, { staffUserId: null, actor: MULTICAIXA_ACTOR, externalId: p.paymentId }, notifier));
    await announcePayment(db, hub, recorded, notifier);
    return "recorded";
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return "order-cancelled";
    // The same payment recorded at this moment by another delivery (webhook and poller, or a retry).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "duplicate";
    throw error;
  }
}

/**
 * The polling fallback: payments ProxyPay holds that no webhook delivered are recorded (once), then
 * acknowledged so ProxyPay stops listing them. Returns how many were handled.
 */
export async function pollMulticaixaPayments(db: PrismaClient, hub: ChatPublisher | undefined, proxypay: ProxyPayClient, notifier?: Notifier): Promise<number> {
  let handled = 0;
  for (const raw of await proxypay.listPayments()) {
    const payment = readProxyPayPayment(raw);
    if (payment) await recordMulticaixaPayment(db, hub, payment, notifier);
    await proxypay.acknowledgePayment(raw.id);
    handled++;
  }
  return handled;
}

/** An order that can no longer be paid (cancelled, expired) withdraws its Multicaixa reference. */
export async function withdrawMulticaixaReference(db: PrismaClient, proxypay: ProxyPayClient | undefined, orderId: string): Promise<void> {
  if (!proxypay) return;
  const reference = (await ordersRepository(db).findStatus(orderId))?.multicaixaReference;
  if (reference) await proxypay.deleteReference(reference).catch(() => undefined);
}
