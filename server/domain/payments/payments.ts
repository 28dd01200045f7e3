// Money received for an order (issue 11): staff record a transfer they see on the bank statement (or accept a
// proof with its details). One transaction adds the payment and the amount paid, and confirms the order when
// what was received covers the total. The shop then tells the shopper in the order's chat.
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, CANCELLED, PAYMENT_CONFIRMED } from "../../../shared/orders.ts";
import { amountTooLarge } from "../../../shared/money.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import { postShopMessage } from "../chat/service.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { usersRepository } from "../users/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { paymentRecordedText } from "../orders/shop-messages.ts";
import type { Notifier, PushNotice } from "../../notifications/notifier.ts";
import { noticeOrder } from "../../notifications/order-notices.ts";

export const CANCELLED_NO_PAYMENTS = "Esta encomenda está cancelada: não é possível registar pagamentos";
/** Clocks differ a little between the bank, the staff member's computer and the server. */
const CLOCK_SKEW_MS = 60_000;

export interface PaymentInput {
  amount: number;
  bankReference: string;
  receivedAt?: string;
  note?: string;
}

export interface CheckedPayment {
  amount: Prisma.Decimal;
  bankReference: string;
  receivedAt: Date;
  note: string | null;
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
  return { amount: new Prisma.Decimal(cents).dividedBy(100), bankReference, receivedAt, note: input.note?.trim() || null };
}

export interface RecordedPayment {
  orderId: string;
  amount: Prisma.Decimal;
  bankReference: string;
  /** What is still missing (0 once the total is covered). */
  remaining: number;
  confirmed: boolean;
  /** The shopper's push once confirmed, for after the commit. */
  push?: PushNotice | null;
}

/**
 * Inside the caller's transaction: the payment row, the amount paid, and 'Pagamento Confirmado' (paid, history
 * by the recorder) when the total is covered while the order awaits payment. A cancelled order takes no money.
 */
export async function addPayment(
  tx: Db,
  orderId: string,
  payment: CheckedPayment,
  by: { staffUserId: string | null; actor: string; externalId?: string | null },
  notifier?: Notifier,
): Promise<RecordedPayment> {
  const repo = ordersRepository(tx);
  const payments = paymentsRepository(tx);
  const after = await payments.addToAmountPaid(orderId, payment.amount);
  if (!after) {
    const order = await repo.findStatus(orderId);
    if (order?.status === CANCELLED) throw new AppError(409, CANCELLED_NO_PAYMENTS);
    if (order) throw new AppError(400, amountTooLarge("O total pago"));
    throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  }
  await payments.insertPayment({ orderId, ...payment, recordedById: by.staffUserId, actor: by.actor, externalId: by.externalId ?? null });
  const remaining = Math.max(0, after.totalAmount.minus(after.amountPaid).toNumber());
  let confirmed = false;
  if (remaining === 0 && after.status === AWAITING_PAYMENT) {
    confirmed = await repo.transition(orderId, { status: AWAITING_PAYMENT }, { status: PAYMENT_CONFIRMED, paid: true });
    if (confirmed) await repo.addHistory(orderId, PAYMENT_CONFIRMED, by.staffUserId, `Pagamento registado por ${by.actor}`);
  }
  const push = confirmed && notifier ? await noticeOrder(tx, notifier, orderId, { kind: "payment-confirmed" }) : null;
  return { orderId, amount: payment.amount, bankReference: payment.bankReference, remaining, confirmed, push };
}

/** Tells the shopper what was received (and what is missing) in the order's chat, live; mail and push leave. */
export async function announcePayment(db: PrismaClient, hub: ChatPublisher | undefined, p: RecordedPayment, notifier?: Notifier) {
  notifier?.committed([p.push]);
  return postShopMessage(db, hub, p.orderId, paymentRecordedText(p.amount, p.bankReference, p.remaining));
}

/** A staff member records money received for an order. */
export async function recordStaffPayment(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  input: PaymentInput & { orderId: string; staffUserId: string },
  notifier?: Notifier,
): Promise<RecordedPayment> {
  const payment = checkPayment(input);
  const actor = (await usersRepository(db).nameOf(input.staffUserId)) ?? "Equipa da loja";
  const recorded = await db.$transaction((tx) =>
    addPayment(tx, input.orderId, payment, { staffUserId: input.staffUserId, actor }, notifier),
  );
  await announcePayment(db, hub, recorded, notifier);
  return recorded;
}
