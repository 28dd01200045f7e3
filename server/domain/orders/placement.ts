// Placing an order, written once for every payment method:
//   validate → replay check (Idempotency-Key) → price → compare the client's total → limits → insert → replay on key
//   conflict. The limits (docs/product/checkout.md#placement-limits, placement-limits.ts): placements per address and
//   shop-wide, and at most 3 open unpaid orders per account and per delivery phone, checked in the insert's transaction.
// What differs between methods is a small PaymentStrategy: what it does with the priced order before the insert
// (Stripe opens a Checkout Session), whether the ordered lines leave the cart now, and what the shopper is
// answered. Bank transfer is bank-transfer.ts, card is stripe-checkout.ts; a new method (Multicaixa references)
// is one more strategy beside them.
import { createHash } from "node:crypto";
import type { PrismaClient } from "../../db/client.ts";
import { AWAITING_PAYMENT, type OrderStatus, type PaymentMethod } from "../../../shared/orders.ts";
import { shopEvents } from "../../ops/metrics.ts";
import type { Address, PlaceOrderBody } from "../../schemas/orders.ts";
import { AppError } from "../errors.ts";
import { checkAddress, checkSubmit } from "./checkout-rules.ts";
import { newOrderId } from "./ids.ts";
import { newPaymentReference } from "../payments/payment-reference.ts";
import { checkClientTotal, priceOrder, requestedLines, withDiscount, type PricedOrder, type RequestedLine } from "./pricing.ts";
import { couponForOrder, takeCouponUse } from "../coupons/service.ts";
import type { CouponGuard } from "../coupons/guesses.ts";
import type { CouponCustomer } from "../coupons/repository.ts";
import { ordersRepository, type KeyedOrder, type NewOrder } from "./repository.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { notEnoughStock } from "../../../shared/stock.ts";
import { optInAtCheckout } from "../users/account.ts";
import { checkOpenUnpaid, precheckOpenUnpaid, takePlacement, type PlacementAllowance } from "./placement-limits.ts";
import { stockHoldEnd } from "./stock-hold.ts";
import { checkNif } from "../../../shared/nif.ts";

const KEY_REUSED = "Esta chave de idempotência já foi usada para um pedido diferente";

/** The provider's own references kept on the order row (a new provider adds its column here). */
export interface PaymentReferences {
  stripeSessionId?: string;
  /** Bank transfer: what the shopper writes in the transfer, and when the order must be paid by. */
  paymentReference?: string;
  paymentDeadline?: Date;
  /** Multicaixa reference (ProxyPay), when configured. */
  multicaixaReference?: string;
  /** Until when its tracked units are held, when not the shop's stock hold (pay on delivery: until its deadline). */
  stockHeldUntil?: Date;
}

export interface PaymentStrategy<Prepared extends PaymentReferences, Answer> {
  /** Which checkout this is: part of the request hash, so one key never serves two kinds of checkout. */
  readonly checkout: string;
  /** True when placing the order takes its lines out of the cart at once (otherwise they leave on payment). */
  readonly clearsCart: boolean;
  /** The method stored on the order, given the one the shopper asked for (may refuse it: checked first). */
  paymentMethod(requested: PaymentMethod): PaymentMethod;
  /** The status the order starts in (Aguardando Pagamento unless said: pay on delivery starts Por confirmar). */
  readonly initialStatus?: OrderStatus;
  /** Refuses the priced order before anything is made for it (pay on delivery's fence). */
  admit?(order: { address: Address; priced: PricedOrder }): Promise<void>;
  /** Runs with the priced order before it is written (the order id is already chosen); returns its references. */
  prepare(orderId: string, priced: PricedOrder): Promise<Prepared>;
  /** The shopper's answer for the order just written. */
  placed(orderId: string, prepared: Prepared): Answer | Promise<Answer>;
  /** The shopper's answer for an earlier order under the same key (a retry). */
  replayed(earlier: KeyedOrder): Answer | Promise<Answer>;
  /** A concurrent retry wrote its order first: undo what `prepare` did. */
  abandon?(prepared: Prepared): Promise<void>;
}

interface ValidatedOrder {
  address: Address;
  /** Normalised (shared/nif.ts); null: none given. */
  nif: string | null;
  paymentMethod: PaymentMethod;
  lines: RequestedLine[];
  totalAmount: number;
  /** sha256 of what was asked, to tell a replay from another order under the same key. */
  requestHash: string;
}

/** Deterministic JSON (keys sorted) so the same body hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The checkout rules' submit checks, then the lines the order is about. */
function validateOrder(body: PlaceOrderBody, checkout: string): ValidatedOrder {
  const lines = requestedLines(body.items);
  const paymentMethod = checkSubmit(body.address, lines.length, body.paymentMethod);
  const address = checkAddress(body.address);
  const nif = checkNif(body.nif);
  if ("problem" in nif) throw new AppError(400, nif.problem);
  const requestHash = createHash("sha256")
    .update(canonical({ route: checkout, body }))
    .digest("hex");
  return { address, nif: nif.nif, paymentMethod, lines, totalAmount: body.totalAmount, requestHash };
}

/** The earlier order under this key, if the same request made it; another body under one key is refused. */
function replayOf(existing: KeyedOrder | null, requestHash: string): KeyedOrder | null {
  if (!existing) return null;
  if (existing.requestHash !== requestHash) throw new AppError(409, KEY_REUSED);
  return existing;
}

/** The order was not written because a concurrent request with the same key committed first. */
class KeyTaken extends Error {}

/** Rolls back the stock taken when the order row was not written (its key or payment reference was taken). */
class NotWritten extends Error {}

/**
 * Writes the order, in one transaction: first the cap on open unpaid orders (its advisory locks on the account and
 * the delivery phone), then, with a coupon, its use under the coupon's row lock (docs/design/money.md#coupons), then
 * the units of its tracked lines (one conditional UPDATE per line: a line beyond what is left refuses the order, 409
 * naming product and size, and nothing is taken; docs/design/money.md#stock), then the order's statement. Every
 * placement locks in that order, so none waits on another in a cycle.
 */
async function writeOrder(
  db: PrismaClient,
  order: NewOrder,
  opts: { clearCart: boolean; couponCustomer?: CouponCustomer; openUnpaid: number },
): Promise<boolean> {
  const held = order.lines.filter((l) => l.reserved);
  const coupon = order.coupon;
  try {
    return await db.$transaction(
      async (tx) => {
        await checkOpenUnpaid(tx, order.userId, typeof order.address.phone === "string" ? order.address.phone : "", opts.openUnpaid);
        if (coupon)
          await takeCouponUse(
            tx,
            { id: coupon.id, code: coupon.code, discount: coupon.discount.toNumber() },
            opts.couponCustomer ?? { userId: order.userId },
            {
              subtotal: order.subtotal.toNumber(),
              deliveryFee: order.deliveryFee.toNumber(),
              totalAmount: order.totalAmount.toNumber(),
            },
          );
        const short = held.length ? await stockRepository(tx).take(held) : null;
        if (short) throw new AppError(409, notEnoughStock(held.find((l) => l === short)?.name ?? "", short.size));
        if (!(await ordersRepository(tx).insertOrder(order, opts))) throw new NotWritten();
        return true;
      },
      // Many shoppers after the last units (or one coupon) wait on one row lock in turn: give them time rather than a 500.
      { maxWait: 30_000, timeout: 30_000 },
    );
  } catch (error) {
    if (error instanceof NotWritten) return false;
    throw error;
  }
}

/** Payment references are random: on the rare clash with an existing one, a new reference is drawn. */
const REFERENCE_ATTEMPTS = 5;

export async function placeOrder<Prepared extends PaymentReferences, Answer>(
  db: PrismaClient,
  method: PaymentStrategy<Prepared, Answer>,
  input: {
    userId: string;
    body: PlaceOrderBody;
    idempotencyKey?: string;
    /** The account's cached copy is stale (opt-ins ticked at checkout): Sessions.changed. */
    accountChanged?: (userId: string) => void;
    /** Counts a coupon code that is not valid as a guess of this client (docs/product/coupons.md#guessing). */
    couponGuard?: CouponGuard;
    /** What the placement is counted against (per address, shop-wide: placement-limits.ts). */
    allowance: PlacementAllowance;
    /** Hours an unpaid order holds its tracked units (the shop setting "Reserva de stock"). */
    stockHoldHours: number;
  },
): Promise<Answer> {
  const { userId, idempotencyKey } = input;
  const v = validateOrder(input.body, method.checkout);
  const paymentMethod = method.paymentMethod(v.paymentMethod);
  const orders = ordersRepository(db);
  if (idempotencyKey) {
    const earlier = replayOf(await orders.findByKey(userId, idempotencyKey), v.requestHash);
    if (earlier) return method.replayed(earlier);
  }
  // Boxes ticked at checkout turn WhatsApp / SMS on before the order's messages are decided
  // (docs/product/notifications.md#whatsapp-and-sms).
  const { whatsappOptIn, smsOptIn } = input.body;
  if ((whatsappOptIn || smsOptIn) && (await optInAtCheckout(db, userId, { whatsappOptIn, smsOptIn }))) input.accountChanged?.(userId);
  // Priced from one read, written in one statement: the same guarantees as a READ COMMITTED transaction around
  // both (neither locks the products), without holding a connection across round trips.
  const listed = await priceOrder(db, v.lines, { address: v.address, optionId: input.body.deliveryOptionId });
  // The coupon is judged on the server's own figures; the client's total is compared with the total after it.
  // "Per customer" is the account, the checkout's e-mail and its delivery phone together.
  const couponCustomer: CouponCustomer = { userId, email: v.address.email, phone: v.address.phone };
  const coupon = input.body.couponCode
    ? await couponForOrder(
        db,
        couponCustomer,
        input.body.couponCode,
        { subtotal: listed.subtotal.toNumber(), deliveryFee: listed.deliveryFee.toNumber() },
        input.couponGuard,
      )
    : null;
  const priced = coupon ? withDiscount(listed, coupon.discount) : listed;
  checkClientTotal(v.totalAmount, priced);
  await method.admit?.({ address: v.address, priced });
  // Refused before a Multicaixa reference or a Stripe session is made for it; the transaction checks again, exactly.
  await precheckOpenUnpaid(db, userId, v.address.phone, input.allowance.openUnpaid);
  const giveBack = await takePlacement(input.allowance);
  const orderId = newOrderId();
  let prepared: Prepared;
  try {
    prepared = await method.prepare(orderId, priced);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const placedAt = new Date();
  const paymentDeadline = prepared.paymentDeadline ?? null;
  const order: NewOrder = {
    id: orderId,
    userId,
    status: method.initialStatus ?? AWAITING_PAYMENT,
    paymentMethod,
    address: { ...v.address },
    subtotal: priced.subtotal,
    deliveryFee: priced.deliveryFee,
    totalAmount: priced.totalAmount,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: idempotencyKey ? v.requestHash : null,
    stripeSessionId: prepared.stripeSessionId ?? null,
    paymentReference: prepared.paymentReference ?? null,
    paymentDeadline,
    stockHeldUntil: priced.lines.some((l) => l.reserved)
      ? (prepared.stockHeldUntil ?? stockHoldEnd(placedAt, input.stockHoldHours, paymentDeadline))
      : null,
    multicaixaReference: prepared.multicaixaReference ?? null,
    delivery: { ...priced.delivery },
    coupon: coupon && { id: coupon.id, code: coupon.code, discount: priced.discount },
    lines: priced.lines,
    nif: v.nif,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      // The order's mails are written after the commit (its order.placed event), from the order as stored.
      const opts = { clearCart: method.clearsCart, couponCustomer, openUnpaid: input.allowance.openUnpaid };
      if (await writeOrder(db, order, opts)) break;
      // Not written: either a concurrent retry holds the key, or the payment reference clashed with another order's.
      if (idempotencyKey && (await orders.findByKey(userId, idempotencyKey))) throw new KeyTaken();
      if (!order.paymentReference || attempt >= REFERENCE_ATTEMPTS)
        throw new Error("O pedido não foi gravado (referência de pagamento repetida)");
      order.paymentReference = newPaymentReference();
      // A Multicaixa reference another order took meanwhile: the order is placed without one (the IBAN settles it).
      if (order.multicaixaReference && attempt >= 2) order.multicaixaReference = null;
    }
  } catch (error) {
    // Not written: nothing counts against the limits, and what `prepare` made for it is withdrawn.
    await giveBack();
    await method.abandon?.(prepared);
    // A concurrent retry under the same key won (its order may also be the one that filled the cap or took the last
    // units): answer with its order.
    const earlier = idempotencyKey ? await orders.findByKey(userId, idempotencyKey) : null;
    if (!earlier) throw error;
    return method.replayed(replayOf(earlier, v.requestHash)!);
  }
  shopEvents.ordersPlaced.inc({ method: paymentMethod });
  return await method.placed(orderId, { ...prepared, paymentReference: order.paymentReference ?? undefined });
}
