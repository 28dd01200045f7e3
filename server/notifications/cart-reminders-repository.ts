// Signed-in shoppers' carts left untouched, and the mark of which contents were reminded
// (docs/product/notifications.md#abandoned-cart). A cart's contents are a fingerprint of its live lines (product,
// size, quantity); "touched" is its newest line's change, or the shopper's last removal of a line if later. Contents
// already reminded are reminded again only once they changed by the shopper's hand (a touch after the reminder):
// a product leaving the shop changes the contents but is no new visit to remind of.
import type { Db } from "../db/client.ts";
import { Prisma } from "../db/client.ts";

export interface LeftCart {
  userId: string;
  contents: string;
  customerName: string;
  /** Null when the shopper is not e-mailed (no address, or e-mails off): only a push goes. */
  email: string | null;
  /** The shopper accepts pushes and has a subscription. */
  push: boolean;
}

export interface CartReminderLine {
  name: string;
  size: string;
  quantity: number;
  price: Prisma.Decimal;
}

/** The live lines of a cart (products still in the shop), the same set the storefront's cart shows. */
const liveLines = Prisma.sql`
  cart_lines c JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL AND NOT p.hidden`;
/** The fingerprint of one shopper's live lines (grouped by c.user_id). */
const contents = Prisma.sql`md5(string_agg(c.product_id || '|' || c.size || '|' || c.quantity::text, ',' ORDER BY c.product_id, c.size))`;

export const cartRemindersRepository = (db: Db) => ({
  /**
   * Carts untouched since `before` (but touched after `notBefore`), whose contents were not reminded yet, whose
   * shopper placed no order since and accepts an e-mail or a push. Oldest first.
   */
  async leftCarts(before: Date, notBefore: Date, limit: number): Promise<LeftCart[]> {
    const rows = await db.$queryRaw<{ user_id: string; contents: string; name: string; email: string | null; push: boolean }[]>(Prisma.sql`
      WITH carts AS (
        SELECT c.user_id, max(c.updated_at) AS lines_touched, ${contents} AS contents
          FROM ${liveLines}
         GROUP BY c.user_id
        HAVING max(c.updated_at) <= ${before}
      )
      SELECT carts.user_id, carts.contents, u.name, CASE WHEN u.notify_email THEN u.email END AS email,
             (u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)) AS push
        FROM carts
        JOIN users u ON u.id = carts.user_id
        LEFT JOIN cart_reminders r ON r.user_id = carts.user_id
        -- GREATEST ignores NULL: no removal noted, the lines' time.
        CROSS JOIN LATERAL (SELECT GREATEST(carts.lines_touched, r.touched_at) AS touched) t
       WHERE u.active AND u.role = 'customer'
         AND t.touched <= ${before} AND t.touched > ${notBefore}
         AND (r.reminded_contents IS NULL OR (r.reminded_contents <> carts.contents AND t.touched > r.reminded_at))
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = carts.user_id AND o.created_at >= t.touched)
         AND ((u.notify_email AND u.email IS NOT NULL)
              OR (u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)))
       ORDER BY t.touched, carts.user_id
       LIMIT ${limit}::int`);
    return rows.map((r) => ({ userId: r.user_id, contents: r.contents, customerName: r.name, email: r.email, push: r.push }));
  },

  /**
   * Marks `contents` as reminded for the shopper, only if the cart still holds exactly them, still untouched since
   * `before`, they were not marked already, and (when other contents were) the shopper touched the cart since. One
   * statement: of two instances claiming the same cart at once, the second waits for the first's row and then finds
   * the contents marked. True when this call claimed it.
   */
  async claim(userId: string, expected: string, before: Date, now: Date): Promise<boolean> {
    // A new row's touched_at is the lines' own time (harmless: "touched" is the later of the two); an existing row
    // keeps its own, and EXCLUDED.touched_at carries the lines' time into the checks.
    const rows = await db.$queryRaw<{ user_id: string }[]>(Prisma.sql`
      INSERT INTO cart_reminders (user_id, reminded_contents, reminded_at, touched_at)
      SELECT c.user_id, ${contents}, ${now}, max(c.updated_at)
        FROM ${liveLines}
       WHERE c.user_id = ${userId}
       GROUP BY c.user_id
      HAVING ${contents} = ${expected} AND max(c.updated_at) <= ${before}
      ON CONFLICT (user_id) DO UPDATE SET reminded_contents = EXCLUDED.reminded_contents, reminded_at = EXCLUDED.reminded_at
       WHERE cart_reminders.reminded_contents IS DISTINCT FROM EXCLUDED.reminded_contents
         AND (cart_reminders.touched_at IS NULL OR cart_reminders.touched_at <= ${before})
         AND (cart_reminders.reminded_at IS NULL
              OR GREATEST(EXCLUDED.touched_at, cart_reminders.touched_at) > cart_reminders.reminded_at)
      RETURNING user_id`);
    return rows.length > 0;
  },

  /** The cart's live lines as the mail lists them, oldest change first (as the cart page shows them). */
  lines: (userId: string): Promise<CartReminderLine[]> =>
    db.$queryRaw<CartReminderLine[]>(Prisma.sql`
      SELECT p.name, c.size, c.quantity, p.price
        FROM ${liveLines}
       WHERE c.user_id = ${userId}
       ORDER BY c.updated_at, c.product_id, c.size`),
});
