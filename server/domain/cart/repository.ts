// Cart rows (user, product, size, quantity). Increments are one SQL statement each, so concurrent adds of the
// same line never lose an update, on PGlite and PostgreSQL alike.
import type { Db } from "../../db/client.ts";

export interface CartLineRow {
  productId: string;
  size: string;
  quantity: number;
}

/** One cart line of one shopper. */
export interface CartLineKey {
  userId: string;
  productId: string;
  size: string;
}

export interface CartAdd extends CartLineKey {
  by: number;
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** One fixed order of cart lines (shopper, product, size): the order rows are locked in. */
const byLine = (x: CartLineKey, y: CartLineKey) =>
  compare(x.userId, y.userId) || compare(x.productId, y.productId) || compare(x.size, y.size);

export const cartRepository = (db: Db) => ({
  /**
   * The hot path of "add to cart": checks that the product is live and offers the size, and adds `by`, in one
   * statement. Returns 0 when the product or size is not on offer (the caller then finds out which).
   */
  incrementIfOffered: (userId: string, productId: string, size: string, by: number, max: number) =>
    db.$executeRaw`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      SELECT ${userId}, p.id, ${size}, LEAST(${by}::int, ${max}::int), now()
      FROM products p WHERE p.id = ${productId} AND p.deleted_at IS NULL AND NOT p.hidden AND NOT p.sold_out AND ${size} = ANY(p.sizes)
        AND NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.size = ${size} AND s.quantity <= 0)
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, ${max}::int), updated_at = now()`,

  /**
   * Adds `by` to many lines in one statement (batched adds in cart/adder.ts, a guest cart merged at sign-in):
   * each line is added to, capped at `max`, when its product is live and offers the size. Inputs must name each
   * line once. Rows are written sorted by line, so concurrent statements that share lines lock them in the same
   * order and cannot deadlock. Answers the lines written.
   */
  async incrementManyIfOffered(adds: readonly CartAdd[], max: number): Promise<CartLineKey[]> {
    const sorted = [...adds].sort(byLine);
    return db.$queryRaw<CartLineKey[]>`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      SELECT r.user_id, p.id, r.size, LEAST(r.by, ${max}::int), now()
      FROM unnest(${sorted.map((a) => a.userId)}::text[], ${sorted.map((a) => a.productId)}::text[], ${sorted.map((a) => a.size)}::text[],
                  ${sorted.map((a) => a.by)}::int[]) WITH ORDINALITY AS r(user_id, product_id, size, by, n)
      JOIN products p ON p.id = r.product_id AND p.deleted_at IS NULL AND NOT p.hidden AND NOT p.sold_out AND r.size = ANY(p.sizes)
        AND NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.size = r.size AND s.quantity <= 0)
      ORDER BY r.n
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, ${max}::int), updated_at = now()
      RETURNING user_id AS "userId", product_id AS "productId", size`;
  },

  /**
   * A guest cart merged at sign-in under its Idempotency-Key, in one statement: the key is claimed on the
   * customer's row and the lines are added only if the claim succeeded, so the same merge sent again (the page
   * reloaded while the first was in flight, a retried request) adds nothing. A replay running at the same time
   * waits for the first one's row lock, then finds the key taken. Answers "merged", "replayed" (the key was
   * taken) or "no-account" (the customer no longer exists). `adds` are all of `userId`'s cart.
   */
  async mergeOnce(userId: string, key: string, adds: readonly CartAdd[], max: number): Promise<"merged" | "replayed" | "no-account"> {
    const sorted = [...adds].sort(byLine);
    const [row] = await db.$queryRaw<{ claimed: boolean; known: boolean }[]>`
      WITH claim AS (
        UPDATE users SET cart_merge_key = ${key} WHERE id = ${userId} AND cart_merge_key IS DISTINCT FROM ${key} RETURNING id
      ), added AS (
        INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
        SELECT claim.id, p.id, r.size, LEAST(r.by, ${max}::int), now()
        FROM claim
        CROSS JOIN unnest(${sorted.map((a) => a.productId)}::text[], ${sorted.map((a) => a.size)}::text[], ${sorted.map((a) => a.by)}::int[])
          WITH ORDINALITY AS r(product_id, size, by, n)
        JOIN products p ON p.id = r.product_id AND p.deleted_at IS NULL AND NOT p.hidden AND NOT p.sold_out AND r.size = ANY(p.sizes)
        ORDER BY r.n
        ON CONFLICT (user_id, product_id, size)
        DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, ${max}::int), updated_at = now()
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM claim) AS claimed, EXISTS (SELECT 1 FROM users WHERE id = ${userId}) AS known`;
    return row?.claimed ? "merged" : row?.known ? "replayed" : "no-account";
  },

  /** Sets a line's quantity in one statement when the product is live and offers the size; 0 rows otherwise. */
  setQuantityIfOffered: (userId: string, productId: string, size: string, quantity: number) =>
    db.$executeRaw`
      INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
      SELECT ${userId}, p.id, ${size}, ${quantity}::int, now()
      FROM products p WHERE p.id = ${productId} AND p.deleted_at IS NULL AND NOT p.hidden AND NOT p.sold_out AND ${size} = ANY(p.sizes)
        AND NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.size = ${size} AND s.quantity <= 0)
      ON CONFLICT (user_id, product_id, size)
      DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,

  /**
   * Removes a line, and notes that the shopper touched the cart then: no remaining line carries that time, and the
   * abandoned-cart reminder counts from the last touch (docs/product/notifications.md#abandoned-cart).
   */
  remove: (userId: string, productId: string, size: string) =>
    db.$executeRaw`
      WITH gone AS (DELETE FROM cart_lines WHERE user_id = ${userId} AND product_id = ${productId} AND size = ${size} RETURNING user_id)
      INSERT INTO cart_reminders (user_id, touched_at) SELECT user_id, now() FROM gone LIMIT 1
      ON CONFLICT (user_id) DO UPDATE SET touched_at = EXCLUDED.touched_at`,

  /** Lines of products still in the catalogue, oldest change first. */
  listLive: (userId: string): Promise<CartLineRow[]> =>
    db.cartLine.findMany({
      where: { userId, product: { deletedAt: null, hidden: false } },
      orderBy: [{ updatedAt: "asc" }, { productId: "asc" }, { size: "asc" }],
      select: { productId: true, size: true, quantity: true },
    }),

  /** After an order: the ordered lines leave the cart; anything else the shopper kept there stays. */
  removeLines: (userId: string, lines: readonly { productId: string; size: string }[]) =>
    lines.length === 0
      ? Promise.resolve({ count: 0 })
      : db.cartLine.deleteMany({ where: { userId, OR: lines.map((l) => ({ productId: l.productId, size: l.size })) } }),

  /** A product left the catalogue: no cart keeps it. */
  removeProduct: (productId: string) => db.cartLine.deleteMany({ where: { productId } }),
});
