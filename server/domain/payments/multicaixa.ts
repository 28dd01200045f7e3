// Multicaixa "Pagamento por Referência" through ProxyPay (issue 11): a payment ProxyPay reports (webhook or the
// polling fallback) is recorded like a staff one, with actor "Multicaixa", once per ProxyPay payment id.
import type { PrismaClient } from "../../db/client.ts";
import { readProxyPayPayment, type ProxyPayClient, type ReceivedProxyPayPayment } from "../../integrations/proxypay.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import { AppError } from "../errors.ts";
import { addPayment, announcePayment } from "./payments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { Prisma } from "../../db/client.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { noticePaymentOnCancelledOrder } from "../../notifications/order-notices.ts";
import { postShopMessage } from "../chat/service.ts";
import { paymentOnCancelledMarker, paymentOnCancelledNote, paymentOnCancelledText } from "../orders/shop-messages.ts";

export const MULTICAIXA_ACTOR = "Multicaixa";

export type MulticaixaOutcome = "recorded" | "duplicate" | "unknown-reference" | "order-cancelled";

/** Records a ProxyPay payment on the order holding its reference; a replay of the same payment id changes nothing. */
export async function recordMulticaixaPayment(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  p: ReceivedProxyPayPayment,
  notifier?: Notifier,
): Promise<MulticaixaOutcome> {
  const repo = paymentsRepository(db);
  if (await repo.paymentWithExternalId(p.paymentId)) return "duplicate";
  const order = await repo.findByMulticaixaReference(p.referenceId);
  if (!order) return "unknown-reference";
  const payment = {
    amount: new Prisma.Decimal(Math.round(p.amount * 100)).dividedBy(100),
    bankReference: `Multicaixa ${p.referenceId}`,
    receivedAt: p.receivedAt,
    note: null,
  };
  try {
    const recorded = await db.$transaction((tx) =>
      addPayment(tx, order.id, payment, { staffUserId: null, actor: MULTICAIXA_ACTOR, externalId: p.paymentId }, notifier),
    );
    await announcePayment(db, hub, recorded, notifier);
    return "recorded";
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      await reportPaymentOnCancelledOrder(db, hub, order.id, { ...payment, paymentId: p.paymentId }, notifier);
      return "order-cancelled";
    }
    // The same payment recorded at this moment by another delivery (webhook and poller, or a retry).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "duplicate";
    throw error;
  }
}

/**
 * Money for an order cancelled before it arrived (paid at an ATM after the deadline, or staff cancelled meanwhile)
 * cannot count towards the order, but it is the shopper's money in the shop's account and must not go unseen:
 * staff get an internal note on the order and an e-mail alert, the shopper a message in the order's chat. Once
 * per ProxyPay payment: the order's row is locked while its notes are searched for the payment's id, so the
 * webhook and the poller delivering the same payment at once report it once.
 */
async function reportPaymentOnCancelledOrder(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  orderId: string,
  payment: { amount: Prisma.Decimal; bankReference: string; paymentId: string },
  notifier?: Notifier,
): Promise<void> {
  const note = paymentOnCancelledNote(payment.amount, payment.bankReference, payment.paymentId);
  const reported = await db.$transaction(async (tx) => {
    const repo = ordersRepository(tx);
    await repo.lock(orderId);
    if (await repo.hasNoteContaining(orderId, paymentOnCancelledMarker(payment.paymentId))) return false;
    await repo.addNote({ orderId, authorId: null, text: note });
    if (notifier)
      await noticePaymentOnCancelledOrder(tx, notifier, {
        orderId,
        paymentId: payment.paymentId,
        amount: payment.amount,
        reference: payment.bankReference,
      });
    return true;
  });
  if (!reported) return;
  notifier?.committed();
  await postShopMessage(db, hub, orderId, paymentOnCancelledText(payment.amount, payment.bankReference));
}

/**
 * The polling fallback: payments ProxyPay holds that no webhook delivered are recorded (once), then
 * acknowledged so ProxyPay stops listing them. Returns how many were handled.
 */
export async function pollMulticaixaPayments(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  proxypay: ProxyPayClient,
  notifier?: Notifier,
): Promise<number> {
  let handled = 0;
  for (const raw of await proxypay.listPayments()) {
    const payment = readProxyPayPayment(raw);
    if (payment) await recordMulticaixaPayment(db, hub, payment, notifier);
    await proxypay.acknowledgePayment(raw.id);
    handled++;
  }
  return handled;
}
