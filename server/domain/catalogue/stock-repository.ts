// Units in stock per product and size (docs/product/orders.md#stock, docs/design/money.md#stock): staff set them,
// placement takes them with one conditional UPDATE per line, cancellation, expiry and the end of an unpaid order's
// hold give them back, payment after the hold takes them again, delivery keeps them taken. The only Prisma caller
// of product_stock.
import type { Db } from "../../db/client.ts";

export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

const byLine = (a: StockLine, b: StockLine) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.size < b.size ? -1 : a.size > b.size ? 1 : 0;

export const stockRepository = (db: Db) => ({
  /** The tracked sizes of a product and their units. */
  forProduct: (productId: string) => db.productStock.findMany({ where: { productId }, select: { size: true, quantity: true } }),

  /** Replaces a product's tracked sizes with `stock` (a size left out is no longer tracked). */
  async replace(productId: string, stock: Record<string, number>): Promise<void> {
    const sizes = Object.keys(stock);
    await db.productStock.deleteMany({ where: { productId, size: { notIn: sizes } } });
    for (const size of sizes) {
      const quantity = stock[size]!;
      await db.productStock.upsert({
        where: { productId_size: { productId, size } },
        create: { productId, size, quantity },
        update: { quantity },
      });
    }
  },

  /** Sizes no longer offered stop being tracked. */
  keepSizes: (productId: string, sizes: string[]) => db.productStock.deleteMany({ where: { productId, size: { notIn: sizes } } }),

  /**
   * Takes the units of each line, one conditional UPDATE per line (sorted, so two orders sharing lines lock them in
   * the same order): answers the first line that could not be taken, or null when all were. The caller's
   * transaction is rolled back on a refusal, so nothing is taken then.
   */
  async take(lines: readonly StockLine[]): Promise<StockLine | null> {
    for (const line of [...lines].sort(byLine)) {
      const taken = await db.$executeRaw`
        UPDATE product_stock SET quantity = quantity - ${line.quantity}::int, updated_at = now()
        WHERE product_id = ${line.productId} AND size = ${line.size} AND quantity >= ${line.quantity}::int`;
      if (taken !== 1) return line;
    }
    return null;
  },

  /**
   * Gives back the units the orders' lines hold (once: each line's hold is cleared as it is given back). With
   * `holdEnded` the orders stay open (their unpaid hold ended): the lines are marked to be taken again on payment.
   */
  release: async (orderIds: readonly string[], opts: { holdEnded?: boolean } = {}): Promise<void> => {
    if (!orderIds.length) return;
    await db.$executeRaw`
      WITH released AS (
        UPDATE order_lines SET reserved = false, hold_released = ${opts.holdEnded === true}
        WHERE order_id = ANY(${[...orderIds]}::text[]) AND reserved
        RETURNING product_id, size, quantity
      ), sums AS (
        SELECT product_id, size, sum(quantity)::int AS quantity FROM released WHERE product_id IS NOT NULL GROUP BY product_id, size
      )
      UPDATE product_stock s SET quantity = s.quantity + sums.quantity, updated_at = now()
      FROM sums WHERE s.product_id = sums.product_id AND s.size = sums.size`;
  },

  /**
   * The order got paid after its hold ended: its released lines take their units again, each on its own (one
   * conditional UPDATE per line, sorted like `take`). A line whose size has fewer units left than it needs is short
   * (marked, nothing taken for it); a size no longer tracked has nothing to hold. Returns the short lines.
   */
  async retake(orderId: string): Promise<(StockLine & { name: string })[]> {
    const lines = await db.orderLine.findMany({
      where: { orderId, holdReleased: true },
      select: { id: true, productId: true, name: true, size: true, quantity: true },
    });
    const taken: string[] = [];
    const short: (StockLine & { id: string; name: string })[] = [];
    const tracked = lines.flatMap((l) => (l.productId ? [{ ...l, productId: l.productId }] : []));
    for (const line of tracked.sort(byLine)) {
      const took = await db.$executeRaw`
        UPDATE product_stock SET quantity = quantity - ${line.quantity}::int, updated_at = now()
        WHERE product_id = ${line.productId} AND size = ${line.size} AND quantity >= ${line.quantity}::int`;
      if (took === 1) taken.push(line.id);
      else if (await db.productStock.count({ where: { productId: line.productId, size: line.size } })) short.push(line);
    }
    if (!lines.length) return [];
    await db.orderLine.updateMany({ where: { id: { in: lines.map((l) => l.id) } }, data: { holdReleased: false } });
    if (taken.length) await db.orderLine.updateMany({ where: { id: { in: taken } }, data: { reserved: true } });
    if (short.length) await db.orderLine.updateMany({ where: { id: { in: short.map((l) => l.id) } }, data: { stockShort: true } });
    return short.map(({ productId, name, size, quantity }) => ({ productId, name, size, quantity }));
  },

  /** Units that came back (a return received, docs/product/returns.md) go on sale again; untracked sizes stay untracked. */
  async restock(lines: readonly StockLine[]): Promise<void> {
    for (const line of [...lines].sort(byLine))
      if (line.quantity > 0)
        await db.$executeRaw`
          UPDATE product_stock SET quantity = quantity + ${line.quantity}::int, updated_at = now()
          WHERE product_id = ${line.productId} AND size = ${line.size}`;
  },

  /** The order was delivered: its units are gone for good (the holds are cleared, nothing given back). */
  consume: (orderId: string) => db.orderLine.updateMany({ where: { orderId, reserved: true }, data: { reserved: false } }),
});
