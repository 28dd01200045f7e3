// The money path's rules that the server and both apps share (docs/product/orders.md): who may move an order where, how
// paid an order is, the states of a proof of payment.
import { AWAITING_CONFIRMATION, FORWARD_MOVES, type OrderStatus } from "./orders.ts";
import type { StaffRole } from "./roles.ts";

/** What the shop itself posts in an order's chat; the storefront shows any sender but 'client' as Suporte. */
export const SHOP_SENDER = "shop";

/** Default hours a shopper has to pay a bank-transfer order (a shop setting; PAYMENT_DEADLINE_HOURS overrides). */
export const DEFAULT_PAYMENT_DEADLINE_HOURS = 48;

export type { StaffRole };

/**
 * How a status change is allowed: `forward` for any staff member, `exception` (going back, cancelling a paid
 * order, skipping steps) only for an admin with a written reason, `none` when nothing would change.
 */
type MoveKind = "forward" | "exception" | "none";
export const moveKind = (from: OrderStatus, to: OrderStatus): MoveKind =>
  from === to ? "none" : FORWARD_MOVES[from].includes(to) ? "forward" : "exception";

/** Shortest reason an admin must write for an exceptional move. */
export const MIN_EXCEPTION_REASON = 5;

/** Whether `role` may make the move (with a reason where it is an exception); the refusal's message otherwise. */
export function moveRefusal(
  from: OrderStatus,
  to: OrderStatus,
  role: StaffRole,
  reason: string | undefined,
): { status: 403 | 409; message: string } | null {
  const kind = moveKind(from, to);
  // Only a new pay-on-delivery order is "Por confirmar": no order is moved into it.
  if (to === AWAITING_CONFIRMATION && kind !== "none") return { status: 409, message: `Nenhum pedido volta a "${to}"` };
  if (kind === "none") return { status: 409, message: `O pedido já está em "${to}"` };
  if (kind === "forward") return null;
  if (role !== "admin") return { status: 403, message: `Só um administrador pode mudar um pedido de "${from}" para "${to}"` };
  if ((reason ?? "").trim().length < MIN_EXCEPTION_REASON)
    return { status: 409, message: `Indique o motivo para mudar o pedido de "${from}" para "${to}"` };
  return null;
}

/** An order's money: nothing received, part of it, or all of it. */
export const PAYMENT_STATES = ["unpaid", "partial", "paid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const paymentState = (total: number, received: number): PaymentState =>
  received <= 0 ? "unpaid" : received + 0.005 >= total ? "paid" : "partial";
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = { unpaid: "Por pagar", partial: "Pago em parte", paid: "Pago" };

/**
 * How a payment came to count towards its order (docs/product/orders.md#confirmed-payments): an admin recorded it,
 * a bank statement line recorded or matched it, a payment service (Multicaixa, Stripe) reported it, or an admin
 * approved a payment support recorded. `pending` ("por confirmar"): support recorded it (by hand or from a proof)
 * and neither the statement nor an admin has confirmed it yet: it is in the ledger but does not count.
 */
export const PAYMENT_CONFIRMATIONS = ["pending", "recorded", "statement", "service", "approval"] as const;
export type PaymentConfirmation = (typeof PAYMENT_CONFIRMATIONS)[number];
export const PAYMENT_CONFIRMATION_LABELS: Readonly<Record<PaymentConfirmation, string>> = {
  pending: "Por confirmar",
  recorded: "Registado por um administrador",
  statement: "Confirmado pelo extrato",
  service: "Confirmado pelo serviço de pagamento",
  approval: "Aprovado por um administrador",
};

/** `closed`: the order was paid (by the ledger or an admin's exception) while the proof waited, so no decision is needed. */
export const PROOF_STATUSES = ["pending", "accepted", "refused", "closed"] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];
export const PROOF_STATUS_LABELS: Readonly<Record<ProofStatus, string>> = {
  pending: "Em análise",
  accepted: "Aceite",
  refused: "Recusado",
  closed: "Pedido pago",
};

/** The longest bank reference a payment or refund takes (the bank's own are far shorter). */
export const MAX_BANK_REFERENCE = 100;

/**
 * A bank reference as compared: without case, spaces, punctuation or accents, so "BAI-TRF-88213", "bai trf 88213"
 * and "BAITRF88213" are one transfer. Each is recorded once across all orders unless an admin overrides it.
 */
export const bankReferenceKey = (reference: string): string =>
  reference
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();

/** What the history and the order say of an order an admin confirmed without the money recorded. */
export const PAID_BY_EXCEPTION = "Confirmado sem pagamento registado";

/** The reason an order is cancelled when its payment time runs out. */
export const DEADLINE_EXPIRED_REASON = "prazo de pagamento expirado";

/** The reason a card order is cancelled when the shopper left the card payment unfinished. */
export const CARD_NOT_COMPLETED_REASON = "Pagamento por cartão não concluído";

/** Who ended a cancelled order: its payment time ran out, the shop cancelled it, or the shopper left it unpaid by card. */
export const CANCELLED_BY = ["deadline", "shop", "shopper"] as const;
type CancelledBy = (typeof CANCELLED_BY)[number];

/** The history's reason when the shopper cancels their own unpaid order (docs/product/orders.md#cancelling-an-unpaid-order). */
export const SHOPPER_CANCELLED_REASON = "Cancelado pelo cliente";

/**
 * Who cancelled an order, read from its cancelling history row: a staff member is the shop; otherwise the deadline
 * job, the card checkout or the shopper's own cancellation wrote their own reason; anything else counts as the shop.
 */
export function cancelledBy(change: { byStaff: boolean; note: string | null }): CancelledBy {
  if (change.byStaff) return "shop";
  if (change.note === DEADLINE_EXPIRED_REASON) return "deadline";
  if (change.note === CARD_NOT_COMPLETED_REASON || change.note === SHOPPER_CANCELLED_REASON) return "shopper";
  return "shop";
}

/**
 * The payment reference as the payment page and the e-mails name it: what the shopper writes in the bank transfer's
 * description. Never "Referência", which is the Multicaixa reference's name where both are shown.
 */
export const TRANSFER_DESCRIPTION_LABEL = "Descritivo da transferência";

/** Multicaixa "Pagamento por Referência": its fields, in the order an ATM or the Multicaixa Express app asks for them. */
export const MULTICAIXA_LABELS = { entity: "Entidade", reference: "Referência", amount: "Montante" } as const;

/** A Multicaixa reference as it is read and typed: groups of three digits ("123 456 781"). */
export const groupedMulticaixaReference = (reference: string): string => reference.replace(/\s+/g, "").replace(/(\d{3})(?=\d)/g, "$1 ");
