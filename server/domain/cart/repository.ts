// Cart rows (user, product, size, quantity). Increments are one SQL statement each, so concurrent adds of the
// same line never lose an update, on PGlite and PostgreSQL alike.
import type { Db } from "../../db/client.ts";

export interface CartLineRow {
  productId: string;
  size: string;
  quantity: number;
}

export const cartRepository = (db: Db) => ({
  /** Adds `by` to a line (creating it), capped at `max`. */
  increment: (userId: string, productId: string, size: string, by: number, max: number) =>
    db.$executeRaw`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      VALUES (${userId}, ${productId}, ${size}, LEAST(${by}::int, ${max}::int), now())
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, ${max}::int), updated_at = now()`,

  /**
   * The hot path of "add to cart": checks that the product is live and offers the size, and adds `by`, in one
   * statement. Returns 0 when the product or size is not on offer (the caller then finds out which).
   */
  incrementIfOffered: (userId: string, productId: string, size: string, by: number, max: number) =>
    db.$executeRaw`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      SELECT ${userId}, p.id, ${size}, LEAST(${by}::int, ${max}::int), now()
      FROM products p WHERE p.id = ${productId} AND p.deleted_at IS NULL AND ${size} = ANY(p.sizes)
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, ${max}::int), updated_at = now()`,

  /** Sets a line's quantity in one statement when the product is live and offers the size; 0 rows otherwise. */
  setQuantityIfOffered: (userId: string, productId: string, size: string, quantity: number) =>
    db.$executeRaw`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      SELECT ${userId}, p.id, ${size}, ${quantity}::int, now()
      FROM products p WHERE p.id = ${productId} AND p.deleted_at IS NULL AND ${size} = ANY(p.sizes)
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,

  remove: (userId: string, productId: string, size: string) => db.cartLine.deleteMany({ where: { userId, productId, size } }),

  /** Lines of products still in the catalogue, oldest change first. */
  listLive: (userId: string): Promise<CartLineRow[]> =>
    db.cartLine.findMany({
      where: { userId, product: { deletedAt: null } },
      orderBy: [{ updatedAt: "asc" }, { productId: "asc" }, { size: "asc" }],
      select: { productId: true, size: true, quantity: true },
    }),

  /** After an order: the ordered lines leave the cart; anything else the shopper kept there stays. */
  removeLines: (userId: string, lines: readonly { productId: string; size: string }[]) =>
    lines.length === 0
      ? Promise.resolve({ count: 0 })
      : db.cartLine.deleteMany({ where: { userId, OR: lines.map((l) => ({ productId: l.productId, size: l.size })) } }),
});
