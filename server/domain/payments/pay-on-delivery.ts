// Pay on delivery, fenced (docs/product/pay-on-delivery.md). Offered only where the owner allows it (a delivery zone
// or pickup point switched on, up to its limit) and to a phone that has not refused too many deliveries. The order
// starts "Por confirmar" holding its units; staff confirm it by phone or WhatsApp (who and when: its history), or it
// is cancelled once the owner's hours pass. At the door the money is recorded as "Pago na entrega" (cash or TPA)
// through the ledger, which Entregue requires; a refused delivery cancels the order, gives the units back and counts
// against the phone.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_CONFIRMATION, CANCELLED, IN_PREPARATION, PAY_ON_DELIVERY, SHIPPED, shortOrderId } from "../../../shared/orders.ts";
import { payOnDeliveryFits } from "../../../shared/delivery.ts";
import { formatKz } from "../../../shared/money.ts";
import {
  CONFIRMATION_CHANNEL_LABELS,
  DELIVERY_REFUSED_REASON,
  DOOR_METHOD_LABELS,
  NOT_CONFIRMED_REASON,
  PAID_ON_DELIVERY,
  POD_NOT_HERE,
  POD_WITHDRAWN,
  podAboveLimit,
  type ConfirmationChannel,
  type DoorMethod,
} from "../../../shared/pay-on-delivery.ts";
import type { StaffRole } from "../../../shared/roles.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { changeOrderStatus } from "../orders/service.ts";
import type { PaymentReferences, PaymentStrategy } from "../orders/placement.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { addPayment, checkPayment, staffActor } from "./payments.ts";
import { payOnDeliveryRepository } from "./pay-on-delivery-repository.ts";
import type { DoorCashReply } from "../../schemas/pay-on-delivery.ts";

const HOUR_MS = 3_600_000;
const BATCH = 100;

const NOT_PAY_ON_DELIVERY = "Este pedido não é pago na entrega";
const NOT_AWAITING_CONFIRMATION = "Este pedido já não está por confirmar";
const NOT_OUT_FOR_DELIVERY = "Só um pedido confirmado e ainda não entregue recebe o pagamento na entrega";
const NOT_REFUSABLE = "Só um pedido confirmado e ainda não entregue pode ser recusada na entrega";
const REFUSED_WITH_MONEY = "Este pedido tem dinheiro recebido: registe a devolução antes de o dar como recusado";
const moreThanDue = (due: Prisma.Decimal) => `O valor excede o que falta pagar (${formatKz(due.toNumber())})`;

/** The owner's terms, from the shop settings. */
export interface PayOnDeliveryTerms {
  confirmHours: number;
  refusalLimit: number;
}

/** Whether this delivery phone may still be offered pay on delivery (fewer refusals than the owner's limit). */
export async function phoneMayPayOnDelivery(db: PrismaClient, phone: string, refusalLimit: number): Promise<boolean> {
  if (!phone.trim()) return true;
  return (await payOnDeliveryRepository(db).refusalsOf(phone)) < refusalLimit;
}

/** The placement strategy: the fence first, then an order "Por confirmar" holding its units until its deadline. */
export function payOnDelivery(db: PrismaClient, terms: PayOnDeliveryTerms): PaymentStrategy<PaymentReferences, { orderId: string }> {
  return {
    checkout: "place",
    clearsCart: true,
    initialStatus: AWAITING_CONFIRMATION,
    paymentMethod: () => PAY_ON_DELIVERY,
    async admit({ address, priced }) {
      const allowed = priced.payOnDelivery;
      if (!allowed) throw new AppError(409, POD_NOT_HERE);
      if (!payOnDeliveryFits(allowed, priced.totalAmount.toNumber())) throw new AppError(409, podAboveLimit(formatKz(allowed.limit ?? 0)));
      if (!(await phoneMayPayOnDelivery(db, address.phone, terms.refusalLimit))) throw new AppError(409, POD_WITHDRAWN);
    },
    async prepare() {
      // Its deadline is the confirmation's: the payment-deadline job cancels it then (expireUnconfirmed).
      const deadline = new Date(Date.now() + terms.confirmHours * HOUR_MS);
      return { paymentDeadline: deadline, stockHeldUntil: deadline };
    },
    placed: (orderId) => ({ orderId }),
    replayed: (earlier) => ({ orderId: earlier.id }),
  };
}

/** Staff confirmed the order with the shopper: it goes to Em Preparação, who and how kept in its history. */
export async function confirmPayOnDelivery(
  db: PrismaClient,
  input: { orderId: string; staffUserId: string; role: StaffRole; via: ConfirmationChannel },
) {
  const order = await payOnDeliveryRepository(db).findOrder(input.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (order.paymentMethod !== PAY_ON_DELIVERY) throw new AppError(409, NOT_PAY_ON_DELIVERY);
  if (order.status !== AWAITING_CONFIRMATION) throw new AppError(409, NOT_AWAITING_CONFIRMATION);
  return changeOrderStatus(db, {
    orderId: input.orderId,
    status: IN_PREPARATION,
    staffUserId: input.staffUserId,
    role: input.role,
    note: `Pagamento na entrega confirmado por ${CONFIRMATION_CHANNEL_LABELS[input.via]}`,
  });
}

/**
 * "Pago na entrega": the driver or staff took the money at the door (cash or TPA). Through the ledger, counted at
 * once (no bank will confirm cash); covering the total makes the order paid, which Entregue then allows.
 */
export async function recordPaidOnDelivery(
  db: PrismaClient,
  input: { orderId: string; staffUserId: string; method: DoorMethod; amount: number; reference?: string; note?: string },
) {
  const actor = await staffActor(db, input.staffUserId);
  const detail = input.reference?.trim();
  const bankReference = `${PAID_ON_DELIVERY} · ${DOOR_METHOD_LABELS[input.method]}${detail ? ` · ${detail}` : ""}`;
  const payment = checkPayment({ amount: input.amount, bankReference, ...(input.note ? { note: input.note } : {}) });
  return db.$transaction(async (tx) => {
    const order = await payOnDeliveryRepository(tx).findOrder(input.orderId);
    if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    if (order.paymentMethod !== PAY_ON_DELIVERY) throw new AppError(409, NOT_PAY_ON_DELIVERY);
    if (order.status !== IN_PREPARATION && order.status !== SHIPPED) throw new AppError(409, NOT_OUT_FOR_DELIVERY);
    const due = order.totalAmount.minus(order.amountPaid);
    if (payment.amount.greaterThan(due)) throw new AppError(409, moreThanDue(due));
    return addPayment(tx, input.orderId, payment, {
      staffUserId: input.staffUserId,
      actor,
      confirmation: { via: "recorded", byId: input.staffUserId },
      collectedAtDoor: input.method,
    });
  });
}

/** The shopper refused the goods at the door: cancelled, units back on sale, counted against the delivery phone. */
export async function refuseDelivery(db: PrismaClient, input: { orderId: string; staffUserId: string; note?: string }) {
  const note = [DELIVERY_REFUSED_REASON, input.note?.trim()].filter(Boolean).join(" — ");
  return db.$transaction(async (tx) => {
    const order = await payOnDeliveryRepository(tx).findOrder(input.orderId);
    if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    if (order.paymentMethod !== PAY_ON_DELIVERY) throw new AppError(409, NOT_PAY_ON_DELIVERY);
    if (order.status !== IN_PREPARATION && order.status !== SHIPPED) throw new AppError(409, NOT_REFUSABLE);
    if (order.amountPaid.minus(order.amountRefunded).greaterThan(0)) throw new AppError(409, REFUSED_WITH_MONEY);
    const orders = ordersRepository(tx);
    if (!(await orders.transition(order.id, { status: order.status, paid: false }, { status: CANCELLED })))
      throw new AppError(409, "O pedido foi alterado por outra pessoa. Atualize e tente novamente.");
    await orders.addHistory(order.id, CANCELLED, input.staffUserId, note);
    await payOnDeliveryRepository(tx).markRefused(order.id, new Date());
    await stockRepository(tx).release([order.id]);
    await emitEvents(
      tx,
      orderEvent("order.status_changed", order.id, {
        from: order.status,
        to: CANCELLED,
        cause: "staff",
        reason: DELIVERY_REFUSED_REASON,
        note: input.note?.trim() || null,
        lines: [],
      }),
    );
    return { id: order.id, status: CANCELLED };
  });
}

/** A round of the payment-deadline job: "Por confirmar" orders past their hours are cancelled, their units back. */
export async function expireUnconfirmed(db: PrismaClient, now: Date): Promise<string[]> {
  const cancelled: string[] = [];
  for (;;) {
    const ids = await db.$transaction(async (tx) => {
      const taken = await payOnDeliveryRepository(tx).cancelUnconfirmed(now, NOT_CONFIRMED_REASON, BATCH);
      await stockRepository(tx).release(taken);
      await emitEvents(
        tx,
        ...taken.map((id) =>
          orderEvent("order.status_changed", id, {
            from: AWAITING_CONFIRMATION,
            to: CANCELLED,
            cause: "deadline",
            reason: NOT_CONFIRMED_REASON,
            note: null,
            lines: [],
          }),
        ),
      );
      return taken;
    });
    cancelled.push(...ids);
    if (ids.length < BATCH) return cancelled;
  }
}

/** The driver's cash of the day (a Luanda day, UTC+1): money taken at the door, by who recorded it. */
export async function doorCashOfDay(db: PrismaClient, day: string): Promise<DoorCashReply> {
  const from = new Date(`${day}T00:00:00+01:00`);
  if (Number.isNaN(from.getTime())) throw new AppError(400, "Data inválida");
  const to = new Date(from.getTime() + 24 * HOUR_MS);
  const rows = await payOnDeliveryRepository(db).collectedBetween(from, to);
  const cents = (d: Prisma.Decimal) => Math.round(d.toNumber() * 100);
  type Person = Omit<DoorCashReply["byStaff"][number], "total">;
  const people = new Map<string, Person>();
  for (const p of rows) {
    const key = p.recordedById ?? p.actor;
    const person = people.get(key) ?? { staffId: p.recordedById, name: p.actor, cash: 0, tpa: 0, payments: [] };
    if (p.collectedAtDoor === "tpa") person.tpa += cents(p.amount);
    else person.cash += cents(p.amount);
    person.payments.push({
      id: p.id,
      orderId: p.orderId,
      shortId: shortOrderId(p.orderId),
      amount: p.amount.toNumber(),
      method: p.collectedAtDoor === "tpa" ? ("tpa" as const) : ("cash" as const),
      receivedAt: p.receivedAt.toISOString(),
    });
    people.set(key, person);
  }
  const byStaff = [...people.values()].map((p) => ({ ...p, cash: p.cash / 100, tpa: p.tpa / 100, total: (p.cash + p.tpa) / 100 }));
  const sum = (k: "cash" | "tpa") => Math.round(byStaff.reduce((n, p) => n + p[k] * 100, 0)) / 100;
  return { day, cash: sum("cash"), tpa: sum("tpa"), total: Math.round((sum("cash") + sum("tpa")) * 100) / 100, byStaff };
}
