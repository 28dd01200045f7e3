// Multicaixa "Pagamento por Referência" through ProxyPay: every payment ProxyPay reports (webhook or the polling
// fallback) becomes one row keyed by ProxyPay's payment id, whatever it meets: recorded in the ledger on its
// order (actor "Multicaixa"), reported on a cancelled order (the shopper's money, to give back), or kept as
// matching no order (logged and alerted to staff). The row is written first, so any delivery after the first,
// including one after the order was reopened, changes nothing.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { ProxyPayPayment, ReceivedProxyPayPayment } from "../../integrations/proxypay.ts";
import { CANCELLED } from "../../../shared/orders.ts";
import { addPayment } from "./payments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { multicaixaRepository } from "./multicaixa-repository.ts";
import { paymentsRepository } from "./repository.ts";
import { paymentOnCancelledNote } from "../orders/shop-messages.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { recordMulticaixaRequestPayment } from "./payment-requests.ts";

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
  p: ReceivedProxyPayPayment,
  log?: MulticaixaLog,
  raw?: unknown,
): Promise<MulticaixaOutcome> {
  // A payment request's reference (docs/product/payment-requests.md) pays that request, once.
  const forRequest = await recordMulticaixaRequestPayment(db, p, MULTICAIXA_ACTOR, raw);
  if (forRequest) return forRequest;
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
      await emitEvents(tx, {
        name: "payment.unmatched",
        orderId: null,
        payload: { paymentId: p.paymentId, reference: p.referenceId, amount: kz(amount) },
      });
      return { outcome };
    }
    if (outcome === "order-cancelled") {
      await orders.addNote({ orderId: order.id, authorId: null, text: paymentOnCancelledNote(amount, payment.bankReference, p.paymentId) });
      await emitEvents(
        tx,
        orderEvent("payment.on_cancelled_order", order.id, {
          paymentId: p.paymentId,
          amount: kz(amount),
          bankReference: payment.bankReference,
        }),
      );
      return { outcome, orderId: order.id };
    }
    const recorded = await addPayment(tx, order.id, payment, {
      staffUserId: null,
      actor: MULTICAIXA_ACTOR,
      externalId: p.paymentId,
      confirmation: { via: "service", byId: null },
    });
    await multicaixaRepository(tx).linkLedger(p.paymentId, recorded.paymentId);
    return { outcome, recorded };
  });
  if (result.outcome === "duplicate" || result.outcome === "recorded") return result.outcome;
  if ("orderId" in result && result.orderId) {
    log?.({ paymentId: p.paymentId, orderId: result.orderId, amount: p.amount }, "Multicaixa payment on a cancelled order kept for refund");
  } else {
    log?.({ paymentId: p.paymentId, referenceId: p.referenceId, amount: p.amount }, "Multicaixa payment matching no order kept");
  }
  return result.outcome;
}

/** A payment ProxyPay listed that Loja cannot read: kept as it came and alerted, so it is not lost on acknowledging. */
export async function keepMalformedMulticaixaPayment(db: PrismaClient, raw: ProxyPayPayment, log?: MulticaixaLog): Promise<void> {
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
    if (claimed) await emitEvents(tx, { name: "payment.unmatched", orderId: null, payload: { paymentId, reference: null, amount: null } });
  });
  log?.({ paymentId }, "Multicaixa payment unreadable, kept");
}
