// Placing orders (bank transfer), the shopper's order list and status changes with history.
// Placement: reprice, compare the client's total, then one statement inserts order + lines + first history row
// and takes the ordered lines out of the cart. An Idempotency-Key makes a retry return the first order.
import { createHash } from "node:crypto";
import type { Db, PrismaClient } from "../../db/client.ts";
import { ORDER_STATUSES, type Address, type OrderStatus, type PaymentMethod, type PlaceOrderBody, type ShopOrder } from "../../schemas/orders.ts";
import { AppError } from "../errors.ts";
import { checkAddress, checkSubmit } from "./checkout-rules.ts";
import { newOrderId } from "./ids.ts";
import { checkClientTotal, priceOrder, requestedLines, type PricedOrder, type RequestedLine } from "./pricing.ts";
import { ordersRepository, type KeyedOrder, type NewOrder, type ShopOrderRow } from "./repository.ts";

export const AWAITING_PAYMENT: OrderStatus = "Aguardando Pagamento";
export const PAYMENT_CONFIRMED: OrderStatus = "Pagamento Confirmado";
export const CANCELLED: OrderStatus = "Cancelado";
/** States in which the money has come in (a later cancellation keeps the record of payment). */
const PAID_STATES: readonly OrderStatus[] = ["Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue"];

export const ORDER_NOT_FOUND = "Pedido não encontrado";
export const KEY_REUSED = "Esta chave de idempotência já foi usada para um pedido diferente";

export interface ValidatedOrder {
  address: Address;
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
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SPEC.md §5 checks, then the lines the order is about. `route` keeps one key from serving two kinds of checkout. */
export function validateOrder(body: PlaceOrderBody, route: "place" | "stripe"): ValidatedOrder {
  const lines = requestedLines(body.items);
  const paymentMethod = checkSubmit(body.address, lines.length, body.paymentMethod);
  const address = checkAddress(body.address);
  const requestHash = createHash("sha256").update(canonical({ route, body })).digest("hex");
  return { address, paymentMethod, lines, totalAmount: body.totalAmount, requestHash };
}

export function newOrder(userId: string, v: ValidatedOrder, priced: PricedOrder, extra: { id?: string; paymentMethod: string; idempotencyKey?: string; stripeSessionId?: string }): NewOrder {
  return {
    id: extra.id ?? newOrderId(),
    userId,
    status: AWAITING_PAYMENT,
    paymentMethod: extra.paymentMethod,
    address: { ...v.address },
    subtotal: priced.subtotal,
    deliveryFee: priced.deliveryFee,
    totalAmount: priced.totalAmount,
    idempotencyKey: extra.idempotencyKey ?? null,
    requestHash: extra.idempotencyKey ? v.requestHash : null,
    stripeSessionId: extra.stripeSessionId ?? null,
    lines: priced.lines,
  };
}

/** The earlier order under this key, if the same request made it; another body under one key is refused. */
export function replayOf(existing: KeyedOrder | null, requestHash: string): KeyedOrder | null {
  if (!existing) return null;
  if (existing.requestHash !== requestHash) throw new AppError(409, KEY_REUSED);
  return existing;
}

/** The order was not written because a concurrent request with the same key committed first. */
export class KeyTaken extends Error {}

export async function placeOrder(db: PrismaClient, userId: string, body: PlaceOrderBody, idempotencyKey?: string): Promise<{ orderId: string; replayed: boolean }> {
  const v = validateOrder(body, "place");
  const orders = ordersRepository(db);
  if (idempotencyKey) {
    const earlier = replayOf(await orders.findByKey(userId, idempotencyKey), v.requestHash);
    if (earlier) return { orderId: earlier.id, replayed: true };
  }
  // Priced from one read, written in one statement: the same guarantees as a READ COMMITTED transaction around
  // both (neither locks the products), without holding a connection across round trips.
  const priced = await priceOrder(db, v.lines);
  checkClientTotal(v.totalAmount, priced);
  const order = newOrder(userId, v, priced, { paymentMethod: v.paymentMethod, idempotencyKey });
  try {
    if (!(await orders.insertOrder(order, { clearCart: true }))) throw new KeyTaken();
    return { orderId: order.id, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken) || !idempotencyKey) throw error;
    const earlier = replayOf(await orders.findByKey(userId, idempotencyKey), v.requestHash);
    if (!earlier) throw error;
    return { orderId: earlier.id, replayed: true };
  }
}

const toNumber = (d: { toNumber(): number }) => d.toNumber();

function toShopAddress(value: unknown): Address {
  const a = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const s = (k: keyof Address) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return { firstName: s("firstName"), lastName: s("lastName"), email: s("email"), street: s("street"), city: s("city"), state: s("state"), zipcode: s("zipcode"), country: s("country"), phone: s("phone") };
}

export function toShopOrder(o: ShopOrderRow): ShopOrder {
  return {
    _id: o.id,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentMethod: o.paymentMethod,
    payment: o.paid,
    address: toShopAddress(o.address),
    subtotal: toNumber(o.subtotal),
    deliveryFee: toNumber(o.deliveryFee),
    totalAmount: toNumber(o.totalAmount),
    items: o.lines.map((l) => ({ itemId: l.productId, name: l.name, image: l.image ? [l.image] : [], price: toNumber(l.price), size: l.size, quantity: l.quantity })),
  };
}

/** The shopper's orders, newest first (SPEC.md §2 MINHAS ENCOMENDAS). */
export async function listUserOrders(db: Db, userId: string): Promise<ShopOrder[]> {
  return (await ordersRepository(db).listForUser(userId)).map(toShopOrder);
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Staff move an order to another status; the change and who made it go into the history, in one transaction.
 * Reaching a paid state marks the order paid for good.
 */
export async function changeOrderStatus(
  db: PrismaClient,
  input: { orderId: string; status: string; staffUserId: string; note?: string | null },
): Promise<{ id: string; status: OrderStatus; paid: boolean }> {
  const { orderId, status, staffUserId } = input;
  if (!isOrderStatus(status)) throw new AppError(400, `Estado de encomenda inválido: ${status}`);
  return db.$transaction(async (tx) => {
    const repo = ordersRepository(tx);
    const order = await repo.findStatus(orderId);
    if (!order) throw new AppError(404, ORDER_NOT_FOUND);
    if (order.status === status) throw new AppError(409, `A encomenda já está no estado ${status}`);
    const paid = order.paid || PAID_STATES.includes(status);
    // Conditional on the status read above: two staff changing one order at once cannot both win.
    if (!(await repo.transition(orderId, { status: order.status }, { status, paid }))) {
      throw new AppError(409, "A encomenda foi alterada por outra pessoa. Atualize e tente novamente.");
    }
    await repo.addHistory(orderId, status, staffUserId, input.note?.trim() || null);
    return { id: orderId, status, paid };
  });
}
