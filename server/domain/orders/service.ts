// The shopper's orders and staff status changes with history. Placing an order is placement.ts's.
import type { Db, PrismaClient } from "../../db/client.ts";
import { isOrderStatus, isPaidStatus, type OrderStatus } from "../../../shared/orders.ts";
import { moveRefusal, type StaffRole } from "../../../shared/payments.ts";
import type { Address, ShopOrder } from "../../schemas/orders.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "./not-found.ts";
import { ordersRepository, type ShopOrderRow } from "./repository.ts";

const toNumber = (d: { toNumber(): number }) => d.toNumber();

function toShopAddress(value: unknown): Address {
  const a = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const s = (k: keyof Address) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return { firstName: s("firstName"), lastName: s("lastName"), email: s("email"), street: s("street"), city: s("city"), state: s("state"), zipcode: s("zipcode"), country: s("country"), phone: s("phone") };
}

function toShopOrder(o: ShopOrderRow): ShopOrder {
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

/** What the history keeps of a change: the reason (exceptions) and the note, whichever were written. */
function historyNote(reason: string | undefined | null, note: string | undefined | null): string | null {
  const parts = [reason?.trim(), note?.trim()].filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(" — ") || null;
}

/**
 * Staff move an order to another status under shared/payments.ts's rules (forward for anyone; anything else only
 * by an admin with a written reason); the change, who made it and why go into the history, in one transaction.
 * Reaching a paid state marks the order paid for good.
 */
export async function changeOrderStatus(
  db: PrismaClient,
  input: { orderId: string; status: string; staffUserId: string; role: StaffRole; note?: string | null; reason?: string | null },
): Promise<{ id: string; status: OrderStatus; paid: boolean }> {
  const { orderId, status, staffUserId } = input;
  if (!isOrderStatus(status)) throw new AppError(400, `Estado de encomenda inválido: ${status}`);
  return db.$transaction(async (tx) => {
    const repo = ordersRepository(tx);
    const order = await repo.findStatus(orderId);
    if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    const from = isOrderStatus(order.status) ? order.status : status;
    const refusal = moveRefusal(from, status, input.role, input.reason ?? input.note ?? undefined);
    if (refusal) throw new AppError(refusal.status, refusal.message);
    const paid = order.paid || isPaidStatus(status);
    // Conditional on the status read above: two staff changing one order at once cannot both win.
    if (!(await repo.transition(orderId, { status: order.status }, { status, paid }))) {
      throw new AppError(409, "A encomenda foi alterada por outra pessoa. Atualize e tente novamente.");
    }
    await repo.addHistory(orderId, status, staffUserId, historyNote(input.reason, input.note));
    return { id: orderId, status, paid };
  });
}
