// Payment deadlines: a bank-transfer order with no money recorded is cancelled once its deadline passes (a proof
// awaiting a decision holds it PROOF_GRACE_HOURS longer, counted from the deadline, so only once); one with money,
// or with a payment "por confirmar" (the shopper may have paid: docs/product/orders.md#confirmed-payments), is never
// cancelled but flagged once to staff; the shopper is reminded once at half the time (when something is left to
// pay); unpaid orders whose stock hold ended give their units back (orders/stock-hold.ts). Run every few seconds by
// jobs/payment-deadlines.ts; safe with several instances (the repositories lock with SKIP LOCKED).
import type { PrismaClient } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../../shared/orders.ts";
import { DEADLINE_EXPIRED_REASON } from "../../../shared/payments.ts";
import { paymentsRepository } from "./repository.ts";
import { overdueUnconfirmedNote, overdueUnconfirmedText, overdueWithMoneyNote, overdueWithMoneyText } from "../orders/shop-messages.ts";
import { ordersRepository } from "../orders/repository.ts";
import { Prisma } from "../../db/client.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { releaseEndedHolds } from "../orders/stock-hold.ts";
import { expireUnconfirmed } from "./pay-on-delivery.ts";
import { expirePaymentRequests } from "./payment-requests.ts";

const BATCH = 100;

/** Cancels the overdue orders (batch by batch; each shopper is told by the cancellation's event); returns their ids. */
export async function expireOverdueOrders(db: PrismaClient, now: Date): Promise<string[]> {
  const cancelled: string[] = [];
  for (;;) {
    const ids = await db.$transaction(async (tx) => {
      const taken = await paymentsRepository(tx).cancelOverdue(now, DEADLINE_EXPIRED_REASON, BATCH);
      // Units held for the expired orders go back on sale with the cancellation (docs/product/orders.md#stock).
      await stockRepository(tx).release(taken);
      await emitEvents(
        tx,
        ...taken.map((id) =>
          orderEvent("order.status_changed", id, {
            from: AWAITING_PAYMENT,
            to: CANCELLED,
            cause: "deadline",
            reason: DEADLINE_EXPIRED_REASON,
            note: null,
            lines: [],
          }),
        ),
      );
      return taken;
    });
    cancelled.push(...ids);
    if (ids.length < BATCH) return cancelled;
  }
}

/**
 * Orders past their deadline with money on them: never cancelled (the money is the shopper's until settled).
 * Each is flagged once: an internal note and an alert for staff (it stays in the Pagamentos queue), and the
 * shopper told what happens next. Returns the flagged ids.
 */
export async function flagOverdueWithMoney(db: PrismaClient, now: Date): Promise<string[]> {
  const flagged: string[] = [];
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const ids = await paymentsRepository(tx).flagOverdueWithMoney(now, BATCH);
      const taken = [];
      for (const id of ids) {
        const money = (await paymentsRepository(tx).lockOrderMoney(id))!;
        const paid = money.amountPaid.minus(money.amountRefunded);
        const due = Prisma.Decimal.max(0, money.totalAmount.minus(money.amountPaid));
        const unconfirmed = await paymentsRepository(tx).unconfirmedTotal(id);
        const waits = unconfirmed.greaterThan(0);
        const note = waits ? overdueUnconfirmedNote(unconfirmed, paid, due) : overdueWithMoneyNote(paid, due);
        await ordersRepository(tx).addNote({ orderId: id, authorId: null, text: note });
        // The shopper hears of the money they sent that waits for the bank; otherwise of what was received.
        const text = waits && paid.lessThanOrEqualTo(0) ? overdueUnconfirmedText(unconfirmed) : overdueWithMoneyText(paid, due);
        await emitEvents(tx, orderEvent("payment.overdue_kept", id, { text, withMoney: !waits || paid.greaterThan(0) }));
        taken.push(id);
      }
      return taken;
    });
    flagged.push(...batch);
    if (batch.length < BATCH) return flagged;
  }
}

/** The reminder at half the payment time, once per order (its event writes the mail and the chat line); the ids. */
export async function remindHalfway(db: PrismaClient, now: Date): Promise<string[]> {
  const due = await db.$transaction(async (tx) => {
    const taken = await paymentsRepository(tx).takeDueReminders(now, BATCH);
    await emitEvents(
      tx,
      ...taken.map((o) =>
        orderEvent("payment.reminder_due", o.id, {
          due: kz(o.due),
          reference: o.paymentReference,
          deadline: o.paymentDeadline.toISOString(),
        }),
      ),
    );
    return taken;
  });
  return due.map((o) => o.id);
}

/**
 * One round of the worker (after the Multicaixa payments a webhook missed: server/jobs/payment-deadlines.ts):
 * deadlines (pay-on-delivery orders nobody confirmed in time too), then the stock holds that ended (after the expiries, which give their units back as cancellations),
 * then reminders.
 */
export async function runPaymentDeadlines(db: PrismaClient, now = new Date()): Promise<void> {
  await expireOverdueOrders(db, now);
  await expireUnconfirmed(db, now);
  await expirePaymentRequests(db, now);
  await flagOverdueWithMoney(db, now);
  await releaseEndedHolds(db, now);
  await remindHalfway(db, now);
}
