// Money given back: a refund is a record beside the payments, made (with the bank's reference) or still to be
// made ("por devolver"). An order with money on it is cancelled only once refunds cover that money, so nothing
// is kept silently; the shopper is told of each refund.
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { formatKz } from "../../../shared/money.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { staffActor } from "./payments.ts";
import { writeRefundShares } from "./refund-shares.ts";
import { paymentsRepository } from "./repository.ts";

interface RefundInput {
  orderId: string;
  staffUserId: string;
  amount: number;
  /** The transfer back's reference; absent with `pending` (por devolver). */
  bankReference?: string;
  pending?: boolean;
  note?: string;
}

const refundExceedsMessage = (held: Prisma.Decimal): string =>
  `A devolução excede o valor recebido por devolver (${formatKz(held.toNumber())})`;

/** What the shop holds of the shopper's money on this order (received minus refunded). */
const heldMoney = (o: { amountPaid: Prisma.Decimal; amountRefunded: Prisma.Decimal }): Prisma.Decimal =>
  o.amountPaid.minus(o.amountRefunded);

/** The refund's amount and reference as stored, or the reason it is refused (400). */
export function checkedRefund(input: Pick<RefundInput, "amount" | "bankReference" | "pending">): {
  amount: Prisma.Decimal;
  bankReference: string | null;
} {
  const cents = Math.round(input.amount * 100);
  if (Math.abs(input.amount * 100 - cents) > 1e-6) throw new AppError(400, "O valor pode ter no máximo 2 casas decimais");
  if (cents <= 0) throw new AppError(400, "O valor deve ser maior que zero");
  const bankReference = input.bankReference?.trim() || null;
  if (!bankReference && !input.pending)
    throw new AppError(400, 'Indique a referência da transferência de devolução, ou marque-a "por devolver"');
  if (bankReference && input.pending) throw new AppError(400, 'Uma devolução "por devolver" ainda não tem referência bancária');
  return { amount: new Prisma.Decimal(cents).dividedBy(100), bankReference };
}

export async function recordRefund(db: PrismaClient, input: RefundInput): Promise<void> {
  const checked = checkedRefund(input);
  const actor = await staffActor(db, input.staffUserId);
  await db.$transaction((tx) =>
    refundInTransaction(tx, { ...checked, orderId: input.orderId, staffUserId: input.staffUserId, actor, note: input.note }),
  );
}

/**
 * Records the refund in the caller's transaction, under the order's money lock (a concluded return's refund is one
 * with its move: docs/design/returns.md). Returns the refund's id.
 */
export async function refundInTransaction(
  tx: Db,
  input: { orderId: string; staffUserId: string; actor: string; amount: Prisma.Decimal; bankReference: string | null; note?: string },
): Promise<string> {
  const { amount, bankReference } = input;
  const payments = paymentsRepository(tx);
  const order = await payments.lockOrderMoney(input.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const held = heldMoney(order);
  if (amount.greaterThan(held)) throw new AppError(409, refundExceedsMessage(held));
  const refund = await payments.insertRefund({
    orderId: order.id,
    amount,
    bankReference,
    status: bankReference ? "done" : "pending",
    note: input.note?.trim() || null,
    recordedById: input.staffUserId,
    actor: input.actor,
  });
  await writeRefundShares(tx, order, { id: refund.id, amount });
  await payments.addToAmountRefunded(order.id, amount);
  await emitEvents(tx, orderEvent("refund.recorded", order.id, { refundId: refund.id, amount: kz(amount), bankReference }));
  return refund.id;
}

/**
 * Inside the caller's transaction: money a payment service already gave back (AppyPay's refund of a Multicaixa
 * Express charge), recorded as done with the service's reference, and told like any refund. A request's charge gives
 * back that request's money first (`paymentRequestId`: docs/design/money.md#refund-shares).
 */
export async function recordServiceRefund(
  tx: Db,
  refund: {
    orderId: string;
    amount: Prisma.Decimal;
    reference: string;
    note: string | null;
    staffUserId: string;
    actor: string;
    paymentRequestId?: string | null;
  },
): Promise<void> {
  const payments = paymentsRepository(tx);
  const order = await payments.lockOrderMoney(refund.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const row = await payments.insertRefund({
    orderId: refund.orderId,
    amount: refund.amount,
    bankReference: refund.reference,
    status: "done",
    note: refund.note,
    recordedById: refund.staffUserId,
    actor: refund.actor,
  });
  await writeRefundShares(tx, order, { id: row.id, amount: refund.amount, paymentRequestId: refund.paymentRequestId });
  await payments.addToAmountRefunded(refund.orderId, refund.amount);
  await emitEvents(
    tx,
    orderEvent("refund.recorded", refund.orderId, { refundId: row.id, amount: kz(refund.amount), bankReference: refund.reference }),
  );
}
