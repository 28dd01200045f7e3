// The returns on the shopper's orders (docs/product/returns.md#asking): each order's requests as they stand, and what
// a delivered order within the window still offers (units not yet asked, the sizes in stock for an exchange).
import type { Db } from "../../db/client.ts";
import { DELIVERED } from "../../../shared/orders.ts";
import { RETURN_REFUSED, returnDeadline, type ReturnResolution } from "../../../shared/returns.ts";
import type { ReturnOffer, ShopReturn } from "../../schemas/returns.ts";
import { returnsRepository, type ReturnRow } from "./repository.ts";
import { exchangeSizes } from "./sizes.ts";

/** An order as listed for its shopper: enough to tell what it offers. */
interface ListedOrder {
  _id: string;
  status: string;
  items: { itemId: string | null; name: string; size: string; quantity: number }[];
  timeline: { step: string; at: string | null }[];
}

const toShopReturn = (r: ReturnRow): ShopReturn => ({
  _id: r.id,
  status: r.status,
  resolution: r.resolution as ReturnResolution,
  exchangeSize: r.exchangeSize,
  note: r.note,
  staffNote: r.staffNote,
  replacementOrderId: r.replacementOrderId,
  createdAt: r.createdAt.toISOString(),
  lines: r.lines.map((l) => ({
    itemId: l.orderLine.productId,
    name: l.orderLine.name,
    size: l.orderLine.size,
    quantity: l.quantity,
    reason: l.reason,
  })),
});

/** Each order with its returns and, when delivered within `windowDays` (counted from Entregue), its offer. */
export async function withReturns<O extends ListedOrder>(
  db: Db,
  orders: O[],
  windowDays: number,
  now = new Date(),
): Promise<(O & { returns: ShopReturn[]; returnOffer: ReturnOffer | null })[]> {
  const repo = returnsRepository(db);
  const returns = orders.length ? await repo.forOrders(orders.map((o) => o._id)) : [];
  const until = (o: O) => returnDeadline(o.timeline.find((s) => s.step === "delivered")?.at ?? null, windowDays);
  const open = orders.filter((o) => o.status === DELIVERED && (until(o)?.getTime() ?? 0) > now.getTime());
  const productIds = [...new Set(open.flatMap((o) => o.items.flatMap((i) => (i.itemId ? [i.itemId] : []))))];
  const products = productIds.length ? await repo.productSizes(productIds) : [];

  return orders.map((o) => {
    const mine = returns.filter((r) => r.orderId === o._id);
    const deadline = open.includes(o) ? until(o) : null;
    let returnOffer: ReturnOffer | null = null;
    if (deadline) {
      const lines = o.items.flatMap((item) => {
        if (!item.itemId) return [];
        const asked = mine
          .filter((r) => r.status !== RETURN_REFUSED)
          .flatMap((r) => r.lines)
          .filter((l) => l.orderLine.productId === item.itemId && l.orderLine.size === item.size)
          .reduce((n, l) => n + l.quantity, 0);
        const left = item.quantity - asked;
        const product = products.find((p) => p.id === item.itemId);
        return left > 0
          ? [
              {
                itemId: item.itemId,
                name: item.name,
                size: item.size,
                quantity: left,
                exchangeSizes: product ? exchangeSizes(product, item.size, 1) : [],
              },
            ]
          : [];
      });
      if (lines.length) returnOffer = { until: deadline.toISOString(), lines };
    }
    return { ...o, returns: mine.map(toShopReturn), returnOffer };
  });
}
