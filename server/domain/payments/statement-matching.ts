// What a new bank statement line is (docs/product/orders.md#statement-matching): a payment already in the ledger
// it confirms ("linked"), new money to record on the order it names ("record"), a line that may be a payment
// already recorded and waits for staff to say ("review"), or one that waits for another reason ("wait"). Each
// transfer counts once: a line is never recorded as new money on an order that holds money no statement line has
// confirmed yet (a payment recorded by hand or from a proof); it is linked to that payment when the match is
// unambiguous, and shown to staff otherwise. Pure: bank-statements.ts reads what it needs (under the order's lock
// when it acts) and carries the decision out.
import type { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED, shortOrderId } from "../../../shared/orders.ts";
import { formatKz } from "../../../shared/money.ts";

/** The order a line names, with its money. */
export interface NamedOrder {
  id: string;
  status: string;
  totalAmount: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
}

/** A payment staff recorded (by hand, from a proof) that no statement line has confirmed yet. */
export interface UnlinkedPayment {
  id: string;
  orderId: string;
  amount: Prisma.Decimal;
  bankReference: string;
  actor: string;
}

/** A payment holding the line's bank reference (compared by key), and whether a line already confirmed it. */
export interface ReferencedPayment extends UnlinkedPayment {
  linked: boolean;
}

export type LineDecision =
  | { kind: "link"; orderId: string; paymentId: string }
  | { kind: "record"; orderId: string }
  | { kind: "review"; orderId: string; paymentId: string; problem: string }
  | { kind: "wait"; orderId: string | null; problem: string };

export const NO_ORDER_NAMED = "O descritivo não tem a referência de pagamento de nenhum pedido";
export const MANY_ORDERS_NAMED = "O descritivo tem referências de mais de um pedido";

const name = (orderId: string) => `#${shortOrderId(orderId)}`;

/** Why a line cannot be recorded as new money on the order it names by itself; null when it can. */
export function matchRefusal(order: NamedOrder, amount: Prisma.Decimal): string | null {
  if (order.status === CANCELLED) return `O pedido ${name(order.id)} está cancelado`;
  if (order.status !== AWAITING_PAYMENT) return `O pedido ${name(order.id)} já não aguarda pagamento (${order.status})`;
  const outstanding = order.totalAmount.minus(order.amountPaid);
  if (!amount.equals(outstanding))
    return `O crédito (${formatKz(amount.toNumber())}) não é o que falta pagar no pedido ${name(order.id)} (${formatKz(outstanding.toNumber())})`;
  return null;
}

const referenceTaken = (p: ReferencedPayment) =>
  `A referência bancária "${p.bankReference}" já está registada no pedido ${name(p.orderId)}`;

const mayBe = (p: UnlinkedPayment) => `${formatKz(p.amount.toNumber())} (ref. ${p.bankReference}, registado por ${p.actor})`;

/**
 * The rule, in order:
 * 1. The line carries the bank's own reference (a "Referência"/"Nº Documento" column) and a payment holds that
 *    reference: the same transfer. Linked when that payment has no line yet, has the line's amount and is on the
 *    order the line names (or the line names none); otherwise the line is reviewed against it (or waits, when a line
 *    already confirmed it).
 * 2. No order named, or several: the line waits.
 * 3. The named order holds payments no line confirmed yet: exactly one of the line's amount → linked to it; several
 *    of that amount, or only other amounts → reviewed (staff link it or record it as another payment). Never
 *    recorded as new money: that is the transfer counted twice.
 * 4. Otherwise as before: recorded when the order awaits exactly the line's amount, else it waits with why.
 */
export function decideLine(
  line: { amount: Prisma.Decimal },
  named: readonly NamedOrder[],
  unlinked: readonly UnlinkedPayment[],
  referenced: readonly ReferencedPayment[],
): LineDecision {
  const only = named.length === 1 ? named[0]! : null;
  if (referenced.length > 0) {
    const sameTransfer = referenced.find(
      (p) => !p.linked && p.amount.equals(line.amount) && (named.length === 0 || p.orderId === only?.id),
    );
    if (sameTransfer) return { kind: "link", orderId: sameTransfer.orderId, paymentId: sameTransfer.id };
    const open = referenced.find((p) => !p.linked);
    if (open) return { kind: "review", orderId: open.orderId, paymentId: open.id, problem: referenceTaken(open) };
    return { kind: "wait", orderId: only?.id ?? referenced[0]!.orderId, problem: referenceTaken(referenced[0]!) };
  }
  if (named.length === 0) return { kind: "wait", orderId: null, problem: NO_ORDER_NAMED };
  if (!only) return { kind: "wait", orderId: null, problem: MANY_ORDERS_NAMED };
  if (only.status === CANCELLED) return { kind: "wait", orderId: only.id, problem: matchRefusal(only, line.amount)! };
  const open = unlinked.filter((p) => p.orderId === only.id);
  const same = open.filter((p) => p.amount.equals(line.amount));
  if (same.length === 1) return { kind: "link", orderId: only.id, paymentId: same[0]!.id };
  if (same.length > 1)
    return {
      kind: "review",
      orderId: only.id,
      paymentId: same[0]!.id,
      problem: `O pedido ${name(only.id)} tem ${same.length} pagamentos de ${formatKz(line.amount.toNumber())} sem linha do extrato: indique qual é este, ou se é outro pagamento`,
    };
  if (open.length > 0) {
    const latest = open.at(-1)!;
    return {
      kind: "review",
      orderId: only.id,
      paymentId: latest.id,
      problem: `O pedido ${name(only.id)} tem ${mayBe(latest)} sem linha do extrato: pode ser o mesmo pagamento`,
    };
  }
  const refusal = matchRefusal(only, line.amount);
  return refusal ? { kind: "wait", orderId: only.id, problem: refusal } : { kind: "record", orderId: only.id };
}
