// Money received for an order. A payment is a record in the ledger, never a flag: staff record a transfer they
// see on the bank statement (or accept a proof with its details), a statement line or Multicaixa records one by
// itself, and the order is confirmed only when what counts covers its total. Each bank reference counts once
// across all orders, and nothing beyond what is owed is recorded unless marked as an overpayment to refund.
// What counts (docs/design/money.md#confirmed-payments): a payment an admin, a statement line or a payment service
// records counts at once; one support records is "por confirmar" until a statement line matches it or an admin
// approves it (who and when are kept on the payment).
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED, PAYMENT_CONFIRMED, isPaidStatus, shortOrderId } from "../../../shared/orders.ts";
import type { DoorMethod } from "../../../shared/pay-on-delivery.ts";
import { MAX_AMOUNT, amountTooLarge, formatKz } from "../../../shared/money.ts";
import { MIN_EXCEPTION_REASON, bankReferenceKey, type StaffRole } from "../../../shared/payments.ts";
import type { AdminPaymentBody } from "../../schemas/admin-orders.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { usersRepository } from "../users/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { retakeStockOnPayment } from "../orders/stock-hold.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";

const CANCELLED_NO_PAYMENTS = "Este pedido está cancelado: não é possível registar pagamentos";
const DUPLICATE_NEEDS_ADMIN = "Só um administrador pode registar uma referência bancária já registada";
const DUPLICATE_REASON_MISSING = "Indique o motivo para registar de novo esta referência bancária";
const ALREADY_CONFIRMED = "Este pagamento já está confirmado";
/** Clocks differ a little between the bank, the staff member's computer and the server. */
const CLOCK_SKEW_MS = 60_000;

const duplicateReferenceMessage = (reference: string, orderId: string): string =>
  `A referência bancária "${reference}" já está registada no pedido #${shortOrderId(orderId)}`;

function overpaymentMessage(outstanding: Prisma.Decimal): string {
  const how = "Para o registar, marque-o como pagamento a mais, a devolver ao cliente.";
  return outstanding.lessThanOrEqualTo(0)
    ? `Este pedido já está pago. ${how}`
    : `O valor excede o que falta pagar (${formatKz(outstanding.toNumber())}). ${how}`;
}

/** A payment as staff send it (the edge has checked its shape). */
export type PaymentInput = AdminPaymentBody;

export interface CheckedPayment {
  amount: Prisma.Decimal;
  bankReference: string;
  receivedAt: Date;
  note: string | null;
  overpayment?: boolean;
  duplicateReason?: string | null;
}

/** The payment as stored: whole cents, a non-blank reference, a moment not in the future. */
export function checkPayment(input: PaymentInput, now = new Date()): CheckedPayment {
  const cents = Math.round(input.amount * 100);
  if (Math.abs(input.amount * 100 - cents) > 1e-6) throw new AppError(400, "O valor pode ter no máximo 2 casas decimais");
  if (cents <= 0) throw new AppError(400, "O valor deve ser maior que zero");
  const bankReference = input.bankReference.trim();
  if (!bankReference) throw new AppError(400, "Indique a referência do banco");
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : now;
  if (Number.isNaN(receivedAt.getTime())) throw new AppError(400, "Data de receção inválida");
  if (receivedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new AppError(400, "A data de receção não pode ser no futuro");
  const duplicateReason = input.duplicateReason?.trim() || null;
  if (input.duplicateReason !== undefined && (duplicateReason ?? "").length < MIN_EXCEPTION_REASON)
    throw new AppError(400, DUPLICATE_REASON_MISSING);
  return {
    amount: new Prisma.Decimal(cents).dividedBy(100),
    bankReference,
    receivedAt,
    note: input.note?.trim() || null,
    overpayment: input.overpayment === true,
    duplicateReason,
  };
}

/** Only an admin may record a bank reference again (with a reason). */
export function checkDuplicateOverride(payment: CheckedPayment, role: StaffRole): void {
  if (payment.duplicateReason && role !== "admin") throw new AppError(403, DUPLICATE_NEEDS_ADMIN);
}

export interface RecordedPayment {
  orderId: string;
  paymentId: string;
  amount: Prisma.Decimal;
  bankReference: string;
  /** What is still missing (0 once the total is covered). */
  remaining: number;
  confirmed: boolean;
  /** Recorded "por confirmar": in the ledger, not counted (the shopper is told it awaits the bank). */
  pending: boolean;
}

/**
 * How a payment counts: at once, by what confirmed it (an admin who recorded it, the statement, a payment service,
 * an admin's approval) and who; or null: "por confirmar" (recorded by support), not counted yet.
 */
export type Confirmation = { via: "recorded" | "statement" | "service" | "approval"; byId: string | null } | null;

/** Who may make a staff payment count by recording it: an admin; support's wait for the bank or an admin. */
export const staffConfirmation = (role: StaffRole, staffUserId: string): Confirmation =>
  role === "admin" ? { via: "recorded", byId: staffUserId } : null;

/** A unique violation of the one-use bank reference index (two recordings of one transfer at the same moment). */
const isReferenceClash = (error: unknown): boolean => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

type LockedOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof paymentsRepository>["lockOrderMoney"]>>>;

/**
 * Inside the caller's transaction, with the order's row held: money that now counts is added to the amount paid,
 * and when it covers the total of an order awaiting payment the order becomes 'Pagamento Confirmado' (paid,
 * history by `by`, pending proofs closed, `order.paid` told).
 */
async function countTowardsOrder(
  tx: Db,
  order: LockedOrder,
  amount: Prisma.Decimal,
  by: { staffUserId: string | null; historyNote: string },
): Promise<{ remaining: number; confirmed: boolean }> {
  const after = order.amountPaid.plus(amount);
  if (after.greaterThan(MAX_AMOUNT)) throw new AppError(400, amountTooLarge("O total pago"));
  await paymentsRepository(tx).addToAmountPaid(order.id, amount);
  const remaining = Math.max(0, order.totalAmount.minus(after).toNumber());
  let confirmed = false;
  if (remaining === 0 && order.status === AWAITING_PAYMENT) {
    const orders = ordersRepository(tx);
    confirmed = await orders.transition(order.id, { status: AWAITING_PAYMENT }, { status: PAYMENT_CONFIRMED, paid: true });
    if (confirmed) {
      await orders.addHistory(order.id, PAYMENT_CONFIRMED, by.staffUserId, by.historyNote);
      await paymentsRepository(tx).closePendingProofs(order.id);
      // Paid after its stock hold ended: the units are taken again, or the lines marked short (staff told).
      await retakeStockOnPayment(tx, order.id);
      await emitEvents(tx, orderEvent("order.paid", order.id, { by: "payment" }));
    }
  } else if (remaining === 0 && !order.paid && isPaidStatus(order.status)) {
    // Paid on delivery: the order moved on unpaid (docs/product/pay-on-delivery.md); covered, it is paid for good.
    confirmed = await ordersRepository(tx).transition(
      order.id,
      { status: order.status, paid: false },
      { status: order.status, paid: true },
    );
    if (confirmed) await emitEvents(tx, orderEvent("order.paid", order.id, { by: "payment" }));
  }
  return { remaining, confirmed };
}

/**
 * The payment's event, in its transaction: the shopper reads what was received (and what is missing) in the chat,
 * once per payment; `lead` opens that line (a proof's acceptance).
 */
const paymentRecorded = (tx: Db, p: RecordedPayment, lead: string | undefined) =>
  emitEvents(
    tx,
    orderEvent("payment.recorded", p.orderId, {
      paymentId: p.paymentId,
      amount: kz(p.amount),
      bankReference: p.bankReference,
      remaining: p.remaining,
      pending: p.pending,
      ...(lead ? { lead } : {}),
    }),
  );

/**
 * Inside the caller's transaction: the payment row and, when it counts (`confirmation`), the amount paid and
 * 'Pagamento Confirmado' when the total is covered while the order awaits payment. A payment "por confirmar"
 * (`confirmation` null) is only recorded: it counts once confirmed (confirmPayment). A cancelled order takes no
 * money; a bank reference already recorded, or more than is owed, is refused unless the payment says so. Payment
 * services (`externalId`) are exempt from both: the money is already in the shop's account.
 */
export async function addPayment(
  tx: Db,
  orderId: string,
  payment: CheckedPayment,
  by: {
    staffUserId: string | null;
    actor: string;
    externalId?: string | null;
    confirmation: Confirmation;
    /** "Pago na entrega": money taken at the door, by no bank (its reference is no bank's: not kept unique). */
    collectedAtDoor?: DoorMethod;
  },
  lead?: string,
): Promise<RecordedPayment> {
  const payments = paymentsRepository(tx);
  const order = await payments.lockOrderMoney(orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (order.status === CANCELLED) throw new AppError(409, CANCELLED_NO_PAYMENTS);
  const outstanding = order.totalAmount.minus(order.amountPaid);
  const external = Boolean(by.externalId);
  const overpayment = payment.amount.greaterThan(outstanding);
  if (overpayment && !external && !payment.overpayment) throw new AppError(409, overpaymentMessage(outstanding));
  const key = external || by.collectedAtDoor ? null : bankReferenceKey(payment.bankReference) || null;
  if (key && !payment.duplicateReason) {
    const earlier = await payments.findByBankReferenceKey(key);
    if (earlier) throw new AppError(409, duplicateReferenceMessage(earlier.bankReference, earlier.orderId));
  }
  if (order.amountPaid.plus(payment.amount).greaterThan(MAX_AMOUNT)) throw new AppError(400, amountTooLarge("O total pago"));
  let paymentId: string;
  try {
    paymentId = (
      await payments.insertPayment({
        orderId,
        amount: payment.amount,
        bankReference: payment.bankReference,
        bankReferenceKey: key,
        duplicateReason: key ? (payment.duplicateReason ?? null) : null,
        overpayment,
        receivedAt: payment.receivedAt,
        note: payment.note,
        recordedById: by.staffUserId,
        actor: by.actor,
        externalId: by.externalId ?? null,
        confirmedAt: by.confirmation ? new Date() : null,
        confirmedVia: by.confirmation?.via ?? null,
        confirmedById: by.confirmation?.byId ?? null,
        collectedAtDoor: by.collectedAtDoor ?? null,
      })
    ).id;
  } catch (error) {
    if (key && isReferenceClash(error)) throw new AppError(409, duplicateReferenceMessage(payment.bankReference, orderId));
    throw error;
  }
  const recorded = { orderId, paymentId, amount: payment.amount, bankReference: payment.bankReference };
  const result: RecordedPayment = by.confirmation
    ? {
        ...recorded,
        ...(await countTowardsOrder(tx, order, payment.amount, {
          staffUserId: by.staffUserId,
          historyNote: `Pagamento registado por ${by.actor}`,
        })),
        pending: false,
      }
    : { ...recorded, remaining: Math.max(0, outstanding.toNumber()), confirmed: false, pending: true };
  await paymentRecorded(tx, result, lead);
  return result;
}

const PAYMENT_NOT_FOUND = "Pagamento não encontrado neste pedido";
const CANCELLED_NO_CONFIRMATION = "Este pedido está cancelado: o pagamento não pode ser confirmado";

function confirmExceedsMessage(outstanding: Prisma.Decimal): string {
  const owed = outstanding.lessThanOrEqualTo(0) ? "o pedido já está pago" : `falta pagar ${formatKz(outstanding.toNumber())}`;
  return `Este pagamento excede o que falta pagar (${owed}): não pode ser confirmado`;
}

/**
 * Inside the caller's transaction: a payment "por confirmar" starts to count, confirmed by a statement line or an
 * admin's approval (who: `by.byId`, when: now), with the order's row held; the order is confirmed when covered.
 * Null when the payment already counted (nothing changes). Refused (409) on a cancelled order, and when it would
 * count beyond what is owed and was not recorded as an overpayment.
 */
export async function confirmPayment(
  tx: Db,
  paymentId: string,
  by: { via: "statement" | "approval"; byId: string | null; historyNote: string },
): Promise<RecordedPayment | null> {
  const payments = paymentsRepository(tx);
  const orderId = await payments.orderOfPayment(paymentId);
  if (!orderId) throw new AppError(404, PAYMENT_NOT_FOUND);
  const order = await payments.lockOrderMoney(orderId);
  const payment = await payments.findPaymentOf(orderId, paymentId);
  if (!order || !payment) throw new AppError(404, PAYMENT_NOT_FOUND);
  if (payment.confirmedAt) return null;
  if (order.status === CANCELLED) throw new AppError(409, CANCELLED_NO_CONFIRMATION);
  const outstanding = order.totalAmount.minus(order.amountPaid);
  if (payment.amount.greaterThan(outstanding) && !payment.overpayment) throw new AppError(409, confirmExceedsMessage(outstanding));
  if (!(await payments.markConfirmed(paymentId, { via: by.via, byId: by.byId }))) return null;
  const counted = await countTowardsOrder(tx, order, payment.amount, { staffUserId: by.byId, historyNote: by.historyNote });
  const result = { orderId: order.id, paymentId, amount: payment.amount, bankReference: payment.bankReference, ...counted, pending: false };
  await paymentRecorded(tx, result, undefined);
  return result;
}

/** A staff member's name as the ledger shows it. */
export const staffActor = async (db: Db, staffUserId: string): Promise<string> =>
  (await usersRepository(db).nameOf(staffUserId)) ?? "Equipa da loja";

/**
 * A staff member records money received for an order: an admin's counts at once, support's is "por confirmar"
 * until the statement or an admin confirms it.
 */
export async function recordStaffPayment(
  db: PrismaClient,
  input: PaymentInput & { orderId: string; staffUserId: string; role: StaffRole },
): Promise<RecordedPayment> {
  const payment = checkPayment(input);
  checkDuplicateOverride(payment, input.role);
  const actor = await staffActor(db, input.staffUserId);
  return db.$transaction((tx) =>
    addPayment(tx, input.orderId, payment, {
      staffUserId: input.staffUserId,
      actor,
      confirmation: staffConfirmation(input.role, input.staffUserId),
    }),
  );
}

/**
 * An admin approves a payment "por confirmar" (support's, not yet matched by the statement): it counts from now,
 * with who approved it and when kept on the payment; the shopper is told as for any money received.
 */
export async function approvePayment(db: PrismaClient, input: { orderId: string; paymentId: string; staffUserId: string }): Promise<void> {
  const actor = await staffActor(db, input.staffUserId);
  await db.$transaction(async (tx) => {
    const payment = await paymentsRepository(tx).findPaymentOf(input.orderId, input.paymentId);
    if (!payment) {
      if (!(await ordersRepository(tx).findStatus(input.orderId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
      throw new AppError(404, PAYMENT_NOT_FOUND);
    }
    const confirmed = await confirmPayment(tx, payment.id, {
      via: "approval",
      byId: input.staffUserId,
      historyNote: `Pagamento aprovado por ${actor}`,
    });
    if (!confirmed) throw new AppError(409, ALREADY_CONFIRMED);
  });
}
