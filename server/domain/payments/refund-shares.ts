// Which money a refund gives back (docs/design/money.md#refund-shares): the order's own money first, then each paid
// payment request's, oldest paid first, each up to what earlier refunds left of it; a refund through AppyPay of a
// request's charge takes from that request first. Written with the refund, under the order's money lock, so the
// shares of two refunds never overlap; the refund's credit notes follow them (one per invoice it credits).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { paymentsRepository } from "./repository.ts";

export interface MoneySource {
  /** The paid request whose money it is; null: the order's own. */
  paymentRequestId: string | null;
  /** What is left of it to give back. */
  left: Prisma.Decimal;
}

export interface RefundShareAmount {
  paymentRequestId: string | null;
  amount: Prisma.Decimal;
}

/**
 * Shares `amount` out over the sources in their order (the `first` request's ahead of the rest), each up to what is
 * left of it. What no source covers (money beyond what was owed: an overpayment, money kept from a closed request)
 * gets no share: nothing invoiced it.
 */
export function shareOut(amount: Prisma.Decimal, sources: MoneySource[], first?: string | null): RefundShareAmount[] {
  const ordered = first
    ? [...sources.filter((s) => s.paymentRequestId === first), ...sources.filter((s) => s.paymentRequestId !== first)]
    : sources;
  const shares: RefundShareAmount[] = [];
  let rest = amount;
  for (const source of ordered) {
    if (rest.lte(0)) break;
    const take = Prisma.Decimal.min(rest, source.left);
    if (take.lte(0)) continue;
    shares.push({ paymentRequestId: source.paymentRequestId, amount: take });
    rest = rest.minus(take);
  }
  return shares;
}

/**
 * Inside the refund's transaction, the order's row held (lockOrderMoney): the refund's shares written. The order's own
 * money is what was received beyond what paid requests brought (`amount_paid − extras`), at most what the order owed
 * for itself (`total_amount − extras`).
 */
export async function writeRefundShares(
  tx: Db,
  order: { id: string; totalAmount: Prisma.Decimal; amountPaid: Prisma.Decimal; extras: Prisma.Decimal },
  refund: { id: string; amount: Prisma.Decimal; paymentRequestId?: string | null },
): Promise<RefundShareAmount[]> {
  const payments = paymentsRepository(tx);
  const requests = await payments.paidRequestsOf(order.id);
  const given = await payments.refundedBySource(order.id);
  const zero = new Prisma.Decimal(0);
  const leftOf = (paymentRequestId: string | null, received: Prisma.Decimal) =>
    Prisma.Decimal.max(zero, received.minus(given.get(paymentRequestId) ?? zero));
  const own = Prisma.Decimal.min(order.amountPaid.minus(order.extras), order.totalAmount.minus(order.extras));
  const sources: MoneySource[] = [
    { paymentRequestId: null, left: leftOf(null, own) },
    ...requests.map((r) => ({ paymentRequestId: r.id, left: leftOf(r.id, r.amount) })),
  ];
  const shares = shareOut(refund.amount, sources, refund.paymentRequestId);
  if (shares.length > 0) await payments.insertRefundShares(refund.id, shares);
  return shares;
}
