// Card payment through Stripe Checkout (handled, not offered: docs/product/orders.md#card-payment-stripe). The order is
// placed by placement.ts like a bank-transfer one, a Checkout Session is opened for exactly the server's lines, and the
// order is paid only when Stripe itself says the session is paid; the `success` the browser sends back is never
// trusted.
import type { PrismaClient } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED, PAYMENT_CONFIRMED, shortOrderId } from "../../../shared/orders.ts";
import { formatKz } from "../../../shared/money.ts";
import { CARD_NOT_COMPLETED_REASON } from "../../../shared/payments.ts";
import type { StripeClient } from "../../integrations/stripe.ts";
import { cartRepository } from "../cart/repository.ts";
import { AppError } from "../errors.ts";
import { ORDER_NOT_FOUND } from "../orders/not-found.ts";
import type { PaymentStrategy } from "../orders/placement.ts";
import type { PricedOrder } from "../orders/pricing.ts";
import { ordersRepository, type KeyedOrder } from "../orders/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { retakeStockOnPayment } from "../orders/stock-hold.ts";

const STRIPE_ACTOR = "Stripe";
const CARD_UNAVAILABLE = "Pagamento por cartão não está disponível";
const NOTHING_TO_PAY_BY_CARD = "Com este desconto não há nada a pagar por cartão: escolha a transferência bancária";
/** Stripe's code for the kwanza; a two-decimal currency there, so amounts go in cents. */
const CURRENCY = "aoa";
const cents = (amount: { times(n: number): { toNumber(): number } }) => Math.round(amount.times(100).toNumber());

function requireStripe(stripe: StripeClient | undefined): StripeClient {
  if (!stripe) throw new AppError(400, CARD_UNAVAILABLE);
  return stripe;
}

async function sessionUrlOf(stripe: StripeClient, order: KeyedOrder): Promise<{ orderId: string; sessionUrl: string }> {
  if (!order.stripeSessionId) throw new AppError(409, "Este pedido não tem pagamento por cartão");
  const session = await stripe.retrieveCheckoutSession(order.stripeSessionId);
  if (!session.url || session.status !== "open") throw new AppError(409, "A sessão de pagamento deste pedido já não está aberta");
  return { orderId: order.id, sessionUrl: session.url };
}

/**
 * What the Checkout Session charges: the server's lines and the delivery fee; with a coupon, one line for the
 * whole order at its discounted total, so Stripe charges exactly the order's total (Stripe's own coupons need
 * objects made on Stripe beforehand, and a line may not be negative: docs/design/money.md#coupons).
 */
function stripeLines(orderId: string, priced: PricedOrder) {
  if (priced.discount.greaterThan(0)) {
    if (!priced.totalAmount.greaterThan(0)) throw new AppError(409, NOTHING_TO_PAY_BY_CARD);
    const units = priced.lines.reduce((n, l) => n + l.quantity, 0);
    const name = `Pedido ${shortOrderId(orderId)}: ${units} artigo(s), envio e desconto de ${formatKz(priced.discount)}`;
    return [{ name, unitAmount: cents(priced.totalAmount), quantity: 1 }];
  }
  return [
    ...priced.lines.map((l) => ({ name: `${l.name} (${l.size})`, unitAmount: cents(l.price), quantity: l.quantity })),
    { name: "Taxa de envio", unitAmount: cents(priced.deliveryFee), quantity: 1 },
  ];
}

/** Card payment as a placement strategy: opens a Checkout Session for exactly the server's lines; the cart keeps them until payment. */
export function stripeCheckout(
  stripeClient: StripeClient | undefined,
  origin: string,
): PaymentStrategy<{ stripeSessionId: string; sessionUrl: string }, { orderId: string; sessionUrl: string }> {
  const stripe = requireStripe(stripeClient);
  return {
    checkout: "stripe",
    clearsCart: false,
    paymentMethod: () => "stripe",
    async prepare(orderId, priced) {
      const back = (success: boolean) => `${origin}/verify?success=${success}&orderId=${orderId}`;
      const session = await stripe.createCheckoutSession({
        orderId,
        currency: CURRENCY,
        lines: stripeLines(orderId, priced),
        successUrl: back(true),
        cancelUrl: back(false),
      });
      if (!session.url) throw new AppError(502, "O serviço de pagamento não devolveu o endereço da sessão");
      return { stripeSessionId: session.id, sessionUrl: session.url };
    },
    placed: (orderId, session) => ({ orderId, sessionUrl: session.sessionUrl }),
    replayed: (earlier) => sessionUrlOf(stripe, earlier),
    // Close our session: the order that won has its own.
    abandon: async (session) => void (await stripe.expireCheckoutSession(session.stripeSessionId).catch(() => undefined)),
  };
}

/**
 * The Stripe return (/verify): asks Stripe about the order's session. Paid → 'Pagamento Confirmado'
 * with history, and the ordered lines leave the cart. Not paid → the order is cancelled (its open session
 * expired first, so it cannot be paid afterwards).
 */
export async function verifyStripePayment(
  db: PrismaClient,
  stripeClient: StripeClient | undefined,
  userId: string,
  orderId: string,
): Promise<boolean> {
  const stripe = requireStripe(stripeClient);
  const order = await ordersRepository(db).findForUser(orderId, userId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  if (order.paid) return true;
  // A cancelled order stays cancelled whatever its session says (staff expire the session when they cancel).
  if (order.status === CANCELLED) return false;
  if (order.paymentMethod !== "stripe" || !order.stripeSessionId) return false;
  let session = await stripe.retrieveCheckoutSession(order.stripeSessionId);
  if (session.client_reference_id !== null && session.client_reference_id !== order.id) return false;
  if (session.payment_status !== "paid" && session.status === "open") {
    session = await stripe.expireCheckoutSession(session.id).catch(() => stripe.retrieveCheckoutSession(order.stripeSessionId!));
  }
  if (session.payment_status === "paid") {
    const confirmed = await db.$transaction(async (tx) => {
      const repo = ordersRepository(tx);
      // Only the first verification records the payment, however many run at once; a cancelled order stays so.
      if (!(await repo.transition(order.id, { status: AWAITING_PAYMENT, paid: false }, { status: PAYMENT_CONFIRMED, paid: true })))
        return false;
      await repo.addHistory(order.id, PAYMENT_CONFIRMED, null, "Pagamento por cartão confirmado pela Stripe");
      // The card payment is a record in the ledger like any other, once per Checkout Session.
      const payments = paymentsRepository(tx);
      const money = await payments.lockOrderMoney(order.id);
      if (money) {
        await payments.insertPayment({
          orderId: order.id,
          amount: money.totalAmount,
          bankReference: `Stripe ${order.stripeSessionId}`,
          bankReferenceKey: null,
          duplicateReason: null,
          overpayment: false,
          receivedAt: new Date(),
          note: null,
          recordedById: null,
          actor: STRIPE_ACTOR,
          externalId: `stripe:${order.stripeSessionId}`,
          confirmedAt: new Date(),
          confirmedVia: "service",
          confirmedById: null,
        });
        await payments.addToAmountPaid(order.id, money.totalAmount);
      }
      await cartRepository(tx).removeLines(
        userId,
        order.lines.flatMap((l) => (l.productId ? [{ productId: l.productId, size: l.size }] : [])),
      );
      // Paid after its stock hold ended: the units are taken again, or the lines marked short (staff told).
      await retakeStockOnPayment(tx, order.id);
      await emitEvents(tx, orderEvent("order.paid", order.id, { by: "card" }));
      return true;
    });
    return confirmed || ((await ordersRepository(db).findStatus(order.id))?.paid ?? false);
  }
  if (session.status !== "complete") {
    await db.$transaction(async (tx) => {
      const repo = ordersRepository(tx);
      if (!(await repo.transition(order.id, { status: AWAITING_PAYMENT, paid: false }, { status: CANCELLED }))) return;
      await repo.addHistory(order.id, CANCELLED, null, CARD_NOT_COMPLETED_REASON);
      await stockRepository(tx).release([order.id]);
    });
  }
  return false;
}
