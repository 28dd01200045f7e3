// Multicaixa "Pagamento por Referência" through ProxyPay: every payment ProxyPay reports (webhook or the polling
// fallback) becomes one row keyed by ProxyPay's payment id, whatever it meets: recorded in the ledger on its
// order (actor "Multicaixa"), reported on a cancelled order (the shopper's money, to give back), or kept as
// matching no order (logged and alerted to staff). The row is written first, so any delivery after the first,
// including one after the order was reopened, changes nothing.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import {
  readProxyPayPayment,
  type ProxyPayClient,
  type ProxyPayPayment,
  type ReceivedProxyPayPayment,
} from "../../integrations/proxypay.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import { CANCELLED } from "../../../shared/orders.ts";
import { addPayment, announcePayment } from "./payments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { multicaixaRepository } from "./multicaixa-repository.ts";
import { paymentsRepository } from "./repository.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { noticePaymentOnCancelledOrder, noticeUnmatchedMulticaixaPayment } from "../../notifications/order-events.ts";
import { postShopMessage } from "../chat/service.ts";
import { paymentOnCancelledNote, paymentOnCancelledText } from "../orders/shop-messages.ts";

/** Who records a Multicaixa payment, as its payments show (and the owner's numbers count them by). */
export const MULTICAIXA_ACTOR = "Multicaixa";

type MulticaixaOutcome = "recorded" | "duplicate" | "unknown-reference" | "order-cancelled" | "malformed";

/** Logs what needs a person (money on a cancelled order, matching no order, unreadable). */
type MulticaixaLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * Records a ProxyPay payment once per payment id: on the order holding its reference, or reported (cancelled
 * order) or kept (no order) for staff. The row and its consequences commit together; the order's row is locked
 * first, so a cancellation at the same moment is seen either before or after, never half.
 */
export async function recordMulticaixaPayment(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  p: ReceivedProxyPayPayment,
  notifier?: Notifier,
  proxypay?: ProxyPayClient,
  log?: MulticaixaLog,
  raw?: unknown,
): Promise<MulticaixaOutcome> {
  const amount = new Prisma.Decimal(Math.round(p.amount * 100)).dividedBy(100);
  const payment = { amount, bankReference: `Multicaixa ${p.referenceId}`, receivedAt: p.receivedAt, note: null };
  const result = await db.$transaction(async (tx) => {
    const orders = ordersRepository(tx);
    const found = await paymentsRepository(tx).findByMulticaixaReference(p.referenceId);
    if (found) await orders.lock(found.id);
    const order = found && (await orders.findStatus(found.id));
    const outcome: MulticaixaOutcome = !order ? "unknown-reference" : order.status === CANCELLED ? "order-cancelled" : "recorded";
    const claimed = await multicaixaRepository(tx).claim({
      paymentId: p.paymentId,
      referenceId: p.referenceId,
      amount,
      receivedAt: p.receivedAt,
      outcome,
      orderId: order?.id ?? null,
      raw: (raw ?? { ...p, receivedAt: p.receivedAt.toISOString() }) as Prisma.InputJsonValue,
    });
    if (!claimed) return { outcome: "duplicate" as const };
    if (!order) {
      if (notifier) await noticeUnmatchedMulticaixaPayment(tx, notifier, { paymentId: p.paymentId, reference: p.referenceId, amount });
      return { outcome };
    }
    if (outcome === "order-cancelled") {
      await orders.addNote({ orderId: order.id, authorId: null, text: paymentOnCancelledNote(amount, payment.bankReference, p.paymentId) });
      if (notifier)
        await noticePaymentOnCancelledOrder(tx, notifier, {
          orderId: order.id,
          paymentId: p.paymentId,
          amount,
          reference: payment.bankReference,
        });
      return { outcome, orderId: order.id };
    }
    const recorded = await addPayment(
      tx,
      order.id,
      payment,
      { staffUserId: null, actor: MULTICAIXA_ACTOR, externalId: p.paymentId, confirmation: { via: "service", byId: null } },
      notifier,
    );
    await multicaixaRepository(tx).linkLedger(p.paymentId, recorded.paymentId);
    return { outcome, recorded };
  });
  if (result.outcome === "duplicate") return "duplicate";
  if ("recorded" in result && result.recorded) {
    await announcePayment(db, hub, result.recorded, notifier, proxypay);
    return "recorded";
  }
  notifier?.committed();
  if ("orderId" in result && result.orderId) {
    log?.({ paymentId: p.paymentId, orderId: result.orderId, amount: p.amount }, "Multicaixa payment on a cancelled order kept for refund");
    await postShopMessage(db, hub, result.orderId, paymentOnCancelledText(amount, payment.bankReference));
  } else {
    log?.({ paymentId: p.paymentId, referenceId: p.referenceId, amount: p.amount }, "Multicaixa payment matching no order kept");
  }
  return result.outcome;
}

/** A payment ProxyPay listed that Loja cannot read: kept as it came and alerted, so it is not lost on acknowledging. */
async function keepMalformed(db: PrismaClient, raw: ProxyPayPayment, notifier?: Notifier, log?: MulticaixaLog): Promise<void> {
  const paymentId = String((raw as { id?: unknown }).id ?? "");
  if (!paymentId) throw new Error("ProxyPay payment without an id");
  await db.$transaction(async (tx) => {
    const claimed = await multicaixaRepository(tx).claim({
      paymentId,
      referenceId: null,
      amount: null,
      receivedAt: null,
      outcome: "malformed",
      orderId: null,
      raw: raw as unknown as Prisma.InputJsonValue,
    });
    if (claimed && notifier) await noticeUnmatchedMulticaixaPayment(tx, notifier, { paymentId, reference: null, amount: null });
  });
  notifier?.committed();
  log?.({ paymentId }, "Multicaixa payment unreadable, kept");
}

/**
 * The polling fallback: payments ProxyPay holds that no webhook delivered are kept (once), then acknowledged so
 * ProxyPay stops listing them; a payment is acknowledged only after its row is stored. Returns how many were handled.
 */
export async function pollMulticaixaPayments(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  proxypay: ProxyPayClient,
  notifier?: Notifier,
  log?: MulticaixaLog,
): Promise<number> {
  let handled = 0;
  for (const raw of await proxypay.listPayments()) {
    const payment = readProxyPayPayment(raw);
    if (payment) await recordMulticaixaPayment(db, hub, payment, notifier, proxypay, log, raw);
    else await keepMalformed(db, raw, notifier, log);
    await proxypay.acknowledgePayment(raw.id);
    handled++;
  }
  return handled;
}
