// The shopper's orders and staff status changes with history. Placing an order is placement.ts's.
import type { ShopSettingsCache } from "../settings/settings-cache.ts";
import type { Db, PrismaClient } from "../../db/client.ts";
import {
  AWAITING_PAYMENT,
  CANCELLED,
  DELIVERED,
  ORDER_STATUSES,
  PAYMENT_CONFIRMED,
  PAY_ON_DELIVERY,
  IN_PREPARATION,
  SHIPPED,
  isOrderStatus,
  isPaidStatus,
  type OrderStatus,
} from "../../../shared/orders.ts";
import type { StripeClient } from "../../integrations/stripe.ts";
import { MIN_EXCEPTION_REASON, PAID_BY_EXCEPTION, cancelledBy, moveRefusal, type StaffRole } from "../../../shared/payments.ts";
import { paymentsRepository } from "../payments/repository.ts";
import { formatKz } from "../../../shared/money.ts";
import type { DeliveryChoice } from "../../../shared/delivery.ts";
import { toView } from "../fiscal/service.ts";
import { toRequestView } from "../payments/payment-requests.ts";
import { mcxExpressRepository, type ChargeRow } from "../payments/mcx-express-repository.ts";
import { toShopCharge } from "../payments/mcx-express-view.ts";
import type { Address, ShopCancellation, ShopOrder, ShopProof, UserOrder } from "../../schemas/orders.ts";
import { attachmentKind } from "../../../shared/chat.ts";
import { DEFAULT_PAYMENT_DEADLINE_HOURS, paymentState, type ProofStatus } from "../../../shared/payments.ts";
import { mediaUrl } from "../media/service.ts";
import { unreadByClient } from "../chat/service.ts";
import { orderEvent, type DomainEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "./not-found.ts";
import { ordersRepository, type ShopOrderRow } from "./repository.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { retakeStockOnPayment } from "./stock-hold.ts";
import { PICKUP_HOLD_DAYS, READY_FOR_PICKUP, shipmentLines, type Shipment } from "../../../shared/shipment.ts";
import type { TimelineStep } from "../../schemas/delivery.ts";

const toNumber = (d: { toNumber(): number }) => d.toNumber();

/** The stored address (JSON) as the shopper and staff see it: every field a string, missing ones empty. */
export function storedAddress(value: unknown): Address {
  const a = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const s = (k: keyof Address) => (typeof a[k] === "string" ? a[k] : typeof a[k] === "number" ? String(a[k]) : "");
  const optional = (k: "neighborhood" | "landmark") => (typeof a[k] === "string" && a[k] ? { [k]: a[k] } : {});
  return {
    ...optional("neighborhood"),
    ...optional("landmark"),
    firstName: s("firstName"),
    lastName: s("lastName"),
    email: s("email"),
    street: s("street"),
    city: s("city"),
    state: s("state"),
    zipcode: s("zipcode"),
    country: s("country"),
    phone: s("phone"),
  };
}

/** The delivery an order keeps (JSON), or null for an order placed before delivery options existed. */
export function storedDelivery(value: unknown): DeliveryChoice | null {
  if (typeof value !== "object" || value === null) return null;
  const d = value as Record<string, unknown>;
  if ((d.kind !== "delivery" && d.kind !== "pickup") || typeof d.name !== "string" || typeof d.fee !== "number") return null;
  return {
    kind: d.kind,
    name: d.name,
    fee: d.fee,
    eta: typeof d.eta === "string" ? d.eta : "",
    ...(typeof d.address === "string" ? { address: d.address } : {}),
    ...(typeof d.hours === "string" ? { hours: d.hours } : {}),
  };
}

/** The shipment an order keeps (JSON), or null before Enviado. */
export function storedShipment(value: unknown): Shipment | null {
  if (typeof value !== "object" || value === null) return null;
  const s = value as Record<string, unknown>;
  if (typeof s.at !== "string") return null;
  const text = (k: string) => (typeof s[k] === "string" && s[k] ? { [k]: s[k] } : {});
  const p = typeof s.pickup === "object" && s.pickup !== null ? (s.pickup as Record<string, unknown>) : null;
  const pickup =
    p && typeof p.name === "string" && typeof p.address === "string" && typeof p.until === "string"
      ? {
          pickup: {
            name: p.name,
            address: p.address,
            until: p.until,
            ...(typeof p.hours === "string" && p.hours ? { hours: p.hours } : {}),
          },
        }
      : {};
  return {
    at: s.at,
    ...text("carrier"),
    ...text("trackingCode"),
    ...text("trackingUrl"),
    ...text("driverPhone"),
    ...text("expectedAt"),
    ...pickup,
  };
}

/**
 * The shopper's timeline (docs/product/storefront.md#orders): placed, paid, in preparation, dispatched (or ready to
 * collect), delivered, each with when it happened (the latest change into that status) or null while to come.
 */
function orderTimeline(
  o: Pick<ShopOrderRow, "createdAt" | "status" | "paid" | "paymentMethod" | "delivery" | "statusHistory">,
): TimelineStep[] {
  const when = (status: string) => o.statusHistory.findLast((h) => h.status === status)?.createdAt.toISOString() ?? null;
  const pickup = storedDelivery(o.delivery)?.kind === "pickup";
  const steps: [TimelineStep["step"], string, string | null][] = [
    ["placed", "Pedido feito", o.createdAt.toISOString()],
    ["paid", PAYMENT_CONFIRMED, when(PAYMENT_CONFIRMED)],
    ["preparing", IN_PREPARATION, when(IN_PREPARATION)],
    ["dispatched", pickup ? READY_FOR_PICKUP : SHIPPED, when(SHIPPED)],
    ["delivered", DELIVERED, when(DELIVERED)],
  ];
  // The steps stand for the statuses from Aguardando Pagamento on: a "Por confirmar" order has reached none yet.
  const reached = ORDER_STATUSES.indexOf(o.status as OrderStatus) - ORDER_STATUSES.indexOf(AWAITING_PAYMENT);
  // Paid on delivery, the money comes at the door: its step is done once taken, not by the order moving on.
  const passed = (step: TimelineStep["step"], i: number) =>
    o.status !== CANCELLED && reached >= i && !(step === "paid" && o.paymentMethod === PAY_ON_DELIVERY);
  return steps.map(([step, label, at], i) => ({
    step,
    label,
    at,
    // A step is done when it happened, or when the order stands past it (a paid order moved straight on).
    done: i === 0 || at !== null || passed(step, i) || (step === "paid" && o.paid),
  }));
}

type ProofRow = ShopOrderRow["proofs"][number];

/** A proof of payment as the shopper sees it (its file, its state, why it was refused). */
export const toShopProof = (p: ProofRow): ShopProof => ({
  _id: p.id,
  url: mediaUrl(p.media.publicId),
  type: attachmentKind(p.media.mimeType),
  fileName: p.media.fileName,
  status: p.status as ProofStatus,
  reason: p.reason,
  createdAt: p.createdAt.toISOString(),
});

/** Where Multicaixa references are shown (the ProxyPay entity), when configured. */
interface MulticaixaDisplay {
  entity: string;
}

function toShopOrder(o: ShopOrderRow, multicaixa: MulticaixaDisplay | undefined): ShopOrder {
  const total = toNumber(o.totalAmount);
  const amountPaid = toNumber(o.amountPaid);
  return {
    _id: o.id,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentMethod: o.paymentMethod,
    payment: o.paid,
    address: storedAddress(o.address),
    subtotal: toNumber(o.subtotal),
    deliveryFee: toNumber(o.deliveryFee),
    totalAmount: toNumber(o.totalAmount),
    coupon: o.couponCode ? { code: o.couponCode, discount: toNumber(o.discount) } : null,
    items: o.lines.map((l) => ({
      itemId: l.productId,
      name: l.name,
      image: l.image ? [l.image] : [],
      price: toNumber(l.price),
      size: l.size,
      quantity: l.quantity,
    })),
    paymentReference: o.paymentReference,
    paymentDeadline: o.paymentDeadline?.toISOString() ?? null,
    stockHeldUntil: heldUntil(o),
    stockReleasedAt: o.stockReleasedAt?.toISOString() ?? null,
    amountPaid,
    paymentState: paymentState(total, amountPaid),
    amountAwaitingConfirmation: o.payments.reduce((cents, p) => cents + Math.round(toNumber(p.amount) * 100), 0) / 100,
    proofs: o.proofs.map(toShopProof),
    amountRefunded: toNumber(o.amountRefunded),
    refunds: o.refunds.map((r) => ({
      amount: toNumber(r.amount),
      status: r.status === "pending" ? "pending" : "done",
      createdAt: r.createdAt.toISOString(),
    })),
    extras: toNumber(o.extras),
    paymentRequests: o.paymentRequests.map((r) => toRequestView(r, multicaixa?.entity)),
    multicaixa: multicaixa && o.multicaixaReference ? { entity: multicaixa.entity, reference: o.multicaixaReference, amount: total } : null,
    cancellation:
      o.status === CANCELLED
        ? toCancellation(
            o.statusHistory.findLast((h) => h.status === CANCELLED),
            o.userId,
          )
        : null,
    delivery: storedDelivery(o.delivery),
    shipment: storedShipment(o.shipment),
    timeline: orderTimeline(o),
    nif: o.nif,
    fiscalDocuments: o.fiscalDocuments.map(toView),
  };
}

/** Why a cancelled order was cancelled; one without its history row reads as the shop's, with no reason. */
function toCancellation(change: ShopOrderRow["statusHistory"][number] | undefined, ownerId: string): ShopCancellation {
  if (!change) return { by: "shop", reason: null, at: null };
  return {
    // The shopper who cancelled their own order is named in its history too: that is not the shop.
    by: cancelledBy({ byStaff: change.changedById !== null && change.changedById !== ownerId, note: change.note }),
    reason: change.note,
    at: change.createdAt.toISOString(),
  };
}

/**
 * Until when an order holds its units as the shopper and staff are shown it: while it awaits payment and its hold
 * has not ended (docs/product/orders.md#stock); null otherwise.
 */
export const heldUntil = (o: { status: string; stockHeldUntil: Date | null; stockReleasedAt: Date | null }): string | null =>
  o.status === AWAITING_PAYMENT && o.stockHeldUntil && !o.stockReleasedAt ? o.stockHeldUntil.toISOString() : null;

/** Hours a shopper has to pay a bank-transfer order: PAYMENT_DEADLINE_HOURS, else the shop setting, else 48. */
export async function paymentDeadlineHours(settings: Pick<ShopSettingsCache, "get">, override: number | undefined): Promise<number> {
  if (override !== undefined) return override;
  return (await settings.get())?.paymentDeadlineHours ?? DEFAULT_PAYMENT_DEADLINE_HOURS;
}

/** The shopper's orders, newest first (MINHAS ENCOMENDAS, docs/product/storefront.md#orders). */
/** Without its returns (returns/shopper.ts adds them). */
export async function listUserOrders(
  db: Db,
  userId: string,
  multicaixa?: MulticaixaDisplay,
  offers: { mcxExpress?: boolean } = {},
): Promise<Omit<UserOrder, "returns" | "returnOffer">[]> {
  const rows = await ordersRepository(db).listForUser(userId);
  const ids = rows.map((o) => o.id);
  const unread = await unreadByClient(db, ids);
  const charges = offers.mcxExpress ? await mcxExpressRepository(db).latestOf(ids) : new Map<string, ChargeRow>();
  return rows.map((o) => {
    const charge = charges.get(o.id);
    return {
      ...toShopOrder(o, multicaixa),
      unreadMessages: unread.get(o.id) ?? 0,
      mcxExpress: offers.mcxExpress ? { charge: charge ? toShopCharge(charge) : null } : null,
    };
  });
}

/**
 * Before a card order is cancelled, its Checkout Session is expired so it can no longer be paid (otherwise a
 * later verify could turn 'Cancelado' into 'Pagamento Confirmado'). A session already paid or closed cannot be
 * expired; verify never confirms a cancelled order either way.
 */
async function closeCardSession(
  db: Db,
  orderId: string,
  role: StaffRole,
  reason: string | undefined,
  stripe: StripeClient | undefined,
): Promise<void> {
  const order = await ordersRepository(db).findStatus(orderId);
  if (!order?.stripeSessionId || !stripe || !isOrderStatus(order.status) || moveRefusal(order.status, CANCELLED, role, reason)) return;
  await stripe.expireCheckoutSession(order.stripeSessionId).catch(() => undefined);
}

/** What the history keeps of a change: the reason (exceptions) and the note, whichever were written. */
function historyNote(reason: string | undefined | null, note: string | undefined | null): string | null {
  const parts = [reason?.trim(), note?.trim()].filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(" — ") || null;
}

const SHIPMENT_ONLY_WHEN_SHIPPED = "Os dados de envio só acompanham a passagem a Enviado";

/** What staff may say at dispatch (docs/product/orders.md#dispatch). */
export interface ShipmentInput {
  carrier?: string;
  trackingCode?: string;
  trackingUrl?: string;
  driverPhone?: string;
  expectedAt?: string;
}

/**
 * The shipment kept at Enviado: what staff said, trimmed; for a pickup order, the point's address and until when it
 * waits (the expected date staff gave, else PICKUP_HOLD_DAYS from now).
 */
function dispatchOf(input: ShipmentInput, delivery: DeliveryChoice | null, now = new Date()): Shipment {
  const text = (k: keyof ShipmentInput) => {
    const v = input[k]?.trim();
    return v ? { [k]: v } : {};
  };
  const expectedAt = input.expectedAt ? new Date(input.expectedAt).toISOString() : undefined;
  const base: Shipment = {
    at: now.toISOString(),
    ...text("carrier"),
    ...text("trackingCode"),
    ...text("trackingUrl"),
    ...text("driverPhone"),
    ...(expectedAt ? { expectedAt } : {}),
  };
  if (delivery?.kind !== "pickup") return base;
  const until = expectedAt ?? new Date(now.getTime() + PICKUP_HOLD_DAYS * 86_400_000).toISOString();
  return {
    ...base,
    pickup: { name: delivery.name, address: delivery.address ?? "", ...(delivery.hours ? { hours: delivery.hours } : {}), until },
  };
}

const PAY_AT_DOOR_FIRST = "Registe o «Pago na entrega» (numerário ou TPA, com o valor) antes de marcar o pedido como Entregue";
const UNPAID_NEEDS_PAYMENT =
  "Este pedido não tem o pagamento registado: registe o pagamento recebido (só um administrador pode confirmar sem ele, com o motivo)";
const refundFirstMessage = (held: number): string =>
  `Este pedido tem ${formatKz(held)} recebidos: registe a devolução (feita ou por devolver) antes de o cancelar`;
const UNPAID_NEEDS_REASON = "Registe o pagamento recebido, ou indique o motivo para confirmar sem pagamento registado";
const PAYMENT_AWAITS_CONFIRMATION =
  "O pagamento registado aguarda confirmação: conta quando o extrato bancário o confirmar ou um administrador o aprovar";

/**
 * Moving an unpaid order into a paid status: allowed when the ledger's counted money covers its total; otherwise
 * only as an admin's exception with a written reason (returned, to be kept on the order and in the history).
 */
async function paidMoveException(
  tx: Db,
  order: { id: string; paid: boolean; totalAmount: { lessThanOrEqualTo(n: unknown): boolean }; amountPaid: unknown },
  status: string,
  role: StaffRole,
  reason: string | undefined | null,
): Promise<string | null> {
  if (order.paid || !isPaidStatus(status) || order.totalAmount.lessThanOrEqualTo(order.amountPaid)) return null;
  // Money "por confirmar" does not count (docs/product/orders.md#confirmed-payments): support learns why.
  if (role !== "admin")
    throw new AppError(
      403,
      (await paymentsRepository(tx).unconfirmedTotal(order.id)).greaterThan(0) ? PAYMENT_AWAITS_CONFIRMATION : UNPAID_NEEDS_PAYMENT,
    );
  const why = reason?.trim() ?? "";
  if (why.length < MIN_EXCEPTION_REASON) throw new AppError(409, UNPAID_NEEDS_REASON);
  return why;
}

/**
 * Staff move an order to another status under shared/payments.ts's rules (forward for anyone; anything else only
 * by an admin with a written reason); the change, who made it and why go into the history, in one transaction.
 * Reaching a paid state marks the order paid for good.
 */
export async function changeOrderStatus(
  db: PrismaClient,
  input: {
    orderId: string;
    status: string;
    staffUserId: string;
    role: StaffRole;
    note?: string | null;
    reason?: string | null;
    shipment?: ShipmentInput;
  },
  effects: { stripe?: StripeClient } = {},
): Promise<{ id: string; status: OrderStatus; paid: boolean }> {
  const { orderId, status, staffUserId } = input;
  if (!isOrderStatus(status)) throw new AppError(400, `Estado de pedido inválido: ${status}`);
  if (input.shipment && status !== SHIPPED) throw new AppError(400, SHIPMENT_ONLY_WHEN_SHIPPED);
  if (status === CANCELLED) await closeCardSession(db, orderId, input.role, input.reason ?? input.note ?? undefined, effects.stripe);
  const changed = await db.$transaction(async (tx) => {
    const repo = ordersRepository(tx);
    const order = await repo.findStatus(orderId);
    if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    const from = isOrderStatus(order.status) ? order.status : status;
    const refusal = moveRefusal(from, status, input.role, input.reason ?? input.note ?? undefined);
    if (refusal) throw new AppError(refusal.status, refusal.message);
    // Cancelling never keeps the shopper's money silently: its refund is recorded first.
    const held = order.amountPaid.minus(order.amountRefunded);
    if (status === CANCELLED && held.greaterThan(0)) throw new AppError(409, refundFirstMessage(held.toNumber()));
    // Paid on delivery (docs/product/pay-on-delivery.md): the order moves on unpaid, and the ledger alone makes it
    // paid ("Pago na entrega"), which Entregue requires.
    const atDoor = order.paymentMethod === PAY_ON_DELIVERY;
    if (atDoor && status === DELIVERED && !order.paid) throw new AppError(409, PAY_AT_DOOR_FIRST);
    const exception = atDoor ? null : await paidMoveException(tx, { ...order, id: orderId }, status, input.role, input.reason);
    const becomesPaid = !atDoor && !order.paid && isPaidStatus(status);
    const paid = order.paid || becomesPaid;
    // Conditional on the status read above: two staff changing one order at once cannot both win.
    const to = exception ? { status, paid, paidException: exception } : { status, paid };
    if (!(await repo.transition(orderId, { status: order.status, paid: order.paid }, to))) {
      throw new AppError(409, "O pedido foi alterado por outra pessoa. Atualize e tente novamente.");
    }
    const why = exception && input.reason?.trim() === exception ? `${PAID_BY_EXCEPTION}: ${exception}` : input.reason;
    await repo.addHistory(orderId, status, staffUserId, historyNote(why, input.note));
    const shipment = status === SHIPPED ? dispatchOf(input.shipment ?? {}, storedDelivery(order.delivery)) : null;
    if (shipment) await repo.setShipment(orderId, shipment);
    // Stock (docs/product/orders.md#stock): a cancelled order's units go back on sale; a delivered one's are gone.
    if (becomesPaid) {
      await paymentsRepository(tx).closePendingProofs(orderId);
      // Paid after its stock hold ended: the units are taken again (before a delivery consumes them), or marked short.
      await retakeStockOnPayment(tx, orderId);
    }
    if (status === CANCELLED) await stockRepository(tx).release([orderId]);
    if (status === DELIVERED) await stockRepository(tx).consume(orderId);
    // The shopper's e-mail and chat line, the Multicaixa reference's withdrawal: server/subscribers/index.ts.
    const events: DomainEvent[] = [
      orderEvent("order.status_changed", orderId, {
        from,
        to: status,
        cause: "staff",
        reason: input.reason ?? null,
        note: input.note ?? null,
        lines: shipment ? shipmentLines(shipment) : [],
      }),
    ];
    if (becomesPaid) events.push(orderEvent("order.paid", orderId, { by: "status" }));
    await emitEvents(tx, ...events);
    return { id: orderId, status, paid };
  });
  return changed;
}
