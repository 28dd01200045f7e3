import type { AdminOrder, AdminPayment, AdminProof } from "../../server/schemas/admin-orders.ts";

/** What is still due: never below zero (an overpayment is still "paid"). */
export const amountDue = (order: Pick<AdminOrder, "totalAmount" | "amountPaid">): number =>
  Math.max(0, Math.round((order.totalAmount - order.amountPaid) * 100) / 100);

/**
 * Where an order's money stands, as one word for a list row (docs/product/console.md#pedidos-orders): what waits
 * for staff first (a proof to look at, a payment "por confirmar"), then how much counts.
 */
export type PaymentBadge = "paid" | "exception" | "proof" | "unconfirmed" | "partial" | "unpaid";

export function paymentBadge(
  order: Pick<AdminOrder, "paymentState" | "paid" | "paidException" | "amountUnconfirmed" | "proofs">,
): PaymentBadge {
  if (order.paymentState === "paid") return "paid";
  // An admin confirmed it without the money recorded: paid as far as the order goes, but not by the ledger.
  if (order.paid && order.paidException) return "exception";
  if (order.proofs.some((p) => p.status === "pending")) return "proof";
  if (order.amountUnconfirmed > 0) return "unconfirmed";
  return order.paymentState;
}

/**
 * A proof still "Em análise" while payments were recorded after it arrived that no proof shows: the same transfer
 * was probably recorded by hand (docs/product/console.md#pedidos-orders). Those payments, for staff to say "é
 * este pagamento" (the proof is accepted as that payment, no new money).
 */
export const recordedAfterProof = (order: Pick<AdminOrder, "payments" | "proofs">, proof: AdminProof): AdminPayment[] =>
  proof.status !== "pending"
    ? []
    : order.payments.filter(
        (p) => p.confirmation !== "service" && p.createdAt > proof.createdAt && !order.proofs.some((q) => q.paymentId === p.id),
      );
