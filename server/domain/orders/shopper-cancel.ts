// The shopper cancels their own unpaid order (docs/product/orders.md#cancelling-an-unpaid-order): it frees one of
// their open unpaid orders and gives its units back at once, instead of holding them until the deadline. Only the
// owner may, only while it awaits payment, and never with money in play: an order with money recorded is settled by
// staff (its refund is recorded first, as for any cancellation), and one whose proof awaits a decision is decided by
// staff too. Everything else a cancellation does is the same as staff's: history, units back, coupon use back, the
// card session closed, the Multicaixa reference withdrawn, the e-mail and the chat message.
import type { PrismaClient } from "../../db/client.ts";
import type { StripeClient } from "../../integrations/stripe.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../../shared/orders.ts";
import { formatKz } from "../../../shared/money.ts";
import { SHOPPER_CANCELLED_REASON } from "../../../shared/payments.ts";
import { shopperCancelRefusal } from "../../../shared/unpaid-orders.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { AppError } from "../errors.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { paymentsRepository } from "../payments/repository.ts";
import { ORDER_NOT_FOUND } from "./not-found.ts";
import { ordersRepository } from "./repository.ts";

const CARD_PAID = "Este pedido já foi pago por cartão: atualize a página.";
const CHANGED_MEANWHILE = "O pedido mudou entretanto. Atualize a página e tente novamente.";

/** Why the order cannot be cancelled by its shopper now, or null (the rule is shared/unpaid-orders.ts's). */
const refusal = (
  order: { status: string; amountPaid: { minus(n: unknown): { toNumber(): number } }; amountRefunded: unknown },
  pendingProofs: number,
) =>
  shopperCancelRefusal({
    awaitingPayment: order.status === AWAITING_PAYMENT,
    moneyHeld: order.amountPaid.minus(order.amountRefunded).toNumber(),
    pendingProofs,
    received: formatKz,
  });

/**
 * A card order's open Checkout Session is expired first, so it cannot be paid once cancelled; a session that was
 * paid meanwhile refuses the cancellation (the return page confirms that order).
 */
async function closeCardSession(stripe: StripeClient | undefined, sessionId: string | null): Promise<void> {
  if (!stripe || !sessionId) return;
  const expired = await stripe.expireCheckoutSession(sessionId).catch(() => null);
  if (expired) return;
  const session = await stripe.retrieveCheckoutSession(sessionId).catch(() => null);
  if (session?.payment_status === "paid") throw new AppError(409, CARD_PAID);
}

export async function cancelOwnOrder(
  db: PrismaClient,
  input: { userId: string; orderId: string },
  effects: { stripe?: StripeClient } = {},
): Promise<void> {
  const { userId, orderId } = input;
  const owned = await ordersRepository(db).findForUser(orderId, userId);
  if (!owned) throw new AppError(404, ORDER_NOT_FOUND);
  const before = await ordersRepository(db).findStatus(orderId);
  const why = before && refusal(before, await paymentsRepository(db).countPendingProofs(orderId));
  if (why) throw new AppError(409, why);
  await closeCardSession(effects.stripe, owned.stripeSessionId);
  await db.$transaction(async (tx) => {
    // Under the order's row lock, as every payment is recorded: no money can land between this check and the move.
    const money = await paymentsRepository(tx).lockOrderMoney(orderId);
    if (!money) throw new AppError(404, ORDER_NOT_FOUND);
    const late = refusal(money, await paymentsRepository(tx).countPendingProofs(orderId));
    if (late) throw new AppError(409, late);
    const repo = ordersRepository(tx);
    if (!(await repo.transition(orderId, { status: AWAITING_PAYMENT, paid: false }, { status: CANCELLED })))
      throw new AppError(409, CHANGED_MEANWHILE);
    await repo.addHistory(orderId, CANCELLED, userId, SHOPPER_CANCELLED_REASON);
    // Its units go back on sale now (docs/product/orders.md#stock); the coupon's use is given back by the status itself.
    await stockRepository(tx).release([orderId]);
    // The e-mail, the chat line and the Multicaixa reference's withdrawal follow (server/subscribers/index.ts).
    await emitEvents(
      tx,
      orderEvent("order.status_changed", orderId, {
        from: AWAITING_PAYMENT,
        to: CANCELLED,
        cause: "shopper",
        reason: SHOPPER_CANCELLED_REASON,
        note: null,
        lines: [],
      }),
    );
  });
}
