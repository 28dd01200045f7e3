// Payment deadlines: a bank-transfer order with no money recorded is cancelled once its deadline passes (a proof
// awaiting a decision holds it PROOF_GRACE_HOURS longer, counted from the deadline, so only once); one with money,
// or with a payment "por confirmar" (the shopper may have paid: docs/product/orders.md#confirmed-payments), is never
// cancelled but flagged once to staff; the shopper is reminded once at half the time (when something is left to
// pay); unpaid orders whose stock hold ended give their units back (orders/stock-hold.ts). Run every few seconds by
// jobs/payment-deadlines.ts; safe with several instances (the repositories lock with SKIP LOCKED).
import type { PrismaClient } from "../../db/client.ts";
import { CANCELLED } from "../../../shared/orders.ts";
import { DEADLINE_EXPIRED_REASON } from "../../../shared/payments.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import { postShopMessage } from "../chat/service.ts";
import { paymentsRepository } from "./repository.ts";
import type { ProxyPayClient } from "../../integrations/proxypay.ts";
import { pollMulticaixaPayments } from "./multicaixa.ts";
import { withdrawMulticaixaReference } from "./multicaixa-reference.ts";
import {
  overdueUnconfirmedNote,
  overdueUnconfirmedText,
  overdueWithMoneyNote,
  overdueWithMoneyText,
  reminderText,
  statusChangedText,
} from "../orders/shop-messages.ts";
import { ordersRepository } from "../orders/repository.ts";
import { Prisma } from "../../db/client.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { noticeDeadlineWithMoney, noticeOrder } from "../../notifications/order-events.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { releaseEndedHolds } from "../orders/stock-hold.ts";

const BATCH = 100;

/** Cancels the overdue orders (batch by batch) and tells each shopper; returns the cancelled ids. */
export async function expireOverdueOrders(
  db: PrismaClient,
  now: Date,
  hub?: ChatPublisher,
  proxypay?: ProxyPayClient,
  notifier?: Notifier,
): Promise<string[]> {
  const cancelled: string[] = [];
  for (;;) {
    // The cancellation e-mails are written in the cancelling transaction.
    const ids = await db.$transaction(async (tx) => {
      const taken = await paymentsRepository(tx).cancelOverdue(now, DEADLINE_EXPIRED_REASON, BATCH);
      // Units held for the expired orders go back on sale with the cancellation (docs/product/orders.md#stock).
      await stockRepository(tx).release(taken);
      if (notifier)
        for (const id of taken) await noticeOrder(tx, notifier, id, { kind: "status", status: CANCELLED, reason: DEADLINE_EXPIRED_REASON });
      return taken;
    });
    if (ids.length) notifier?.committed();
    cancelled.push(...ids);
    for (const id of ids) {
      await withdrawMulticaixaReference(db, proxypay, id);
      await postShopMessage(db, hub, id, statusChangedText(CANCELLED, DEADLINE_EXPIRED_REASON));
    }
    if (ids.length < BATCH) return cancelled;
  }
}

/**
 * Orders past their deadline with money on them: never cancelled (the money is the shopper's until settled).
 * Each is flagged once: an internal note and an alert for staff (it stays in the Pagamentos queue), and the
 * shopper told what happens next. Returns the flagged ids.
 */
export async function flagOverdueWithMoney(db: PrismaClient, now: Date, hub?: ChatPublisher, notifier?: Notifier): Promise<string[]> {
  const flagged: { id: string; text: string }[] = [];
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
        if (notifier) await noticeDeadlineWithMoney(tx, notifier, id);
        // The shopper hears of the money they sent that waits for the bank; otherwise of what was received.
        taken.push({
          id,
          text: waits && paid.lessThanOrEqualTo(0) ? overdueUnconfirmedText(unconfirmed) : overdueWithMoneyText(paid, due),
        });
      }
      return taken;
    });
    if (batch.length) notifier?.committed();
    flagged.push(...batch);
    for (const o of batch) await postShopMessage(db, hub, o.id, o.text);
    if (batch.length < BATCH) return flagged.map((o) => o.id);
  }
}

/** Posts the reminder at half the payment time, once per order; returns the reminded ids. */
export async function remindHalfway(db: PrismaClient, now: Date, hub?: ChatPublisher, notifier?: Notifier): Promise<string[]> {
  const due = await db.$transaction(async (tx) => {
    const taken = await paymentsRepository(tx).takeDueReminders(now, BATCH);
    if (notifier) for (const o of taken) await noticeOrder(tx, notifier, o.id, { kind: "payment-reminder" });
    return taken;
  });
  if (due.length) notifier?.committed();
  for (const o of due) await postShopMessage(db, hub, o.id, reminderText(o.due, o.paymentReference, o.paymentDeadline));
  return due.map((o) => o.id);
}

/**
 * One round of the worker: Multicaixa payments a webhook missed first (they may save an order), then deadlines, then
 * the stock holds that ended (after the expiries, which give their units back as cancellations), then reminders.
 */
export async function runPaymentDeadlines(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  proxypay?: ProxyPayClient,
  now = new Date(),
  notifier?: Notifier,
): Promise<void> {
  if (proxypay) await pollMulticaixaPayments(db, hub, proxypay, notifier);
  await expireOverdueOrders(db, now, hub, proxypay, notifier);
  await flagOverdueWithMoney(db, now, hub, notifier);
  await releaseEndedHolds(db, now, hub);
  await remindHalfway(db, now, hub, notifier);
}
