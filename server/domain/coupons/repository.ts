// Coupon rows and the orders that carry them (docs/design/money.md#coupons). A coupon's uses are counted from the
// orders (not cancelled), never kept as a counter: a cancelled or expired order gives its use back by its status.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { CANCELLED } from "../../../shared/orders.ts";
import type { ListQuery } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";

const couponSelect = {
  id: true,
  code: true,
  kind: true,
  value: true,
  minSubtotal: true,
  startsAt: true,
  endsAt: true,
  maxUses: true,
  maxUsesPerCustomer: true,
  active: true,
  createdAt: true,
} as const satisfies Prisma.CouponSelect;
export type CouponRow = Prisma.CouponGetPayload<{ select: typeof couponSelect }>;

export interface CouponData {
  code: string;
  kind: string;
  value: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
}

export interface CouponUses {
  /** Orders carrying the coupon that are not cancelled. */
  uses: number;
  /** Of those, the given customer's: same account, e-mail or phone (CouponCustomer). */
  mine: number;
}

/**
 * Who a coupon's "per customer" limit counts (docs/product/coupons.md#one-per-customer): the account, and the e-mail
 * and delivery phone the order is placed with. An earlier order is this customer's when it shares any of them — its
 * account, the account's own e-mail or sign-in phone, or the checkout e-mail or delivery phone it was placed with.
 * E-mails are compared by `loja_email_key` (case, dots in the part before @ and +tags aside, every domain), phones
 * by `loja_phone_digits` (migration 20261201050000).
 */
export interface CouponCustomer {
  userId: string;
  /** The checkout's e-mail (placement; the preview knows the account only). */
  email?: string | null;
  /** The checkout's delivery phone. */
  phone?: string | null;
}

export type CouponFilter = { id?: string[]; active?: boolean; q?: string };

export const couponsRepository = (db: Db) => ({
  async list(query: ListQuery<CouponFilter>): Promise<{ rows: CouponRow[]; total: number }> {
    const { id, active, q } = query.filter;
    const where: Prisma.CouponWhereInput = {
      ...(id ? { id: { in: id } } : {}),
      ...(active === undefined ? {} : { active }),
      ...(q?.trim() ? { code: { contains: q.trim(), mode: "insensitive" as const } } : {}),
    };
    const [rows, total] = await Promise.all([
      db.coupon.findMany({ where, orderBy: orderByOf(query.sort), skip: query.offset, take: query.limit, select: couponSelect }),
      db.coupon.count({ where }),
    ]);
    return { rows, total };
  },

  find: (id: string): Promise<CouponRow | null> => db.coupon.findUnique({ where: { id }, select: couponSelect }),

  /** The coupon with this code whatever its case (the unique index on upper(code)). */
  async findByCode(code: string): Promise<CouponRow | null> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM coupons WHERE upper(code) = upper(${code})`;
    return rows[0] ? db.coupon.findUnique({ where: { id: rows[0].id }, select: couponSelect }) : null;
  },

  /**
   * Holds the coupon's row until the caller's transaction ends, and reads it as it is now: placements with one
   * coupon count and take its uses one after the other (docs/design/money.md#coupons).
   */
  async lock(id: string): Promise<CouponRow | null> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM coupons WHERE id = ${id} FOR UPDATE`;
    return rows[0] ? db.coupon.findUnique({ where: { id }, select: couponSelect }) : null;
  },

  async uses(id: string, customer: CouponCustomer): Promise<CouponUses> {
    const { userId, email = null, phone = null } = customer;
    // The customer's e-mail keys and phone digits, from the checkout and from the account; NULLs match nothing.
    const rows = await db.$queryRaw<{ uses: number; mine: number }[]>`
      WITH account AS (SELECT email, phone FROM users WHERE id = ${userId}),
      me AS (
        SELECT ARRAY[loja_email_key(${email}::text), (SELECT loja_email_key(email) FROM account)] AS emails,
               ARRAY[loja_phone_digits(${phone}::text), (SELECT loja_phone_digits(phone) FROM account)] AS phones
      )
      SELECT count(*)::int AS uses,
             (count(*) FILTER (WHERE o.user_id = ${userId}
                OR loja_email_key(o.address ->> 'email') = ANY(me.emails)
                OR loja_email_key(owner.email) = ANY(me.emails)
                OR o.delivery_phone = ANY(me.phones)
                OR loja_phone_digits(owner.phone) = ANY(me.phones)))::int AS mine
      FROM orders o JOIN users owner ON owner.id = o.user_id CROSS JOIN me
      WHERE o.coupon_id = ${id} AND o.status <> ${CANCELLED}`;
    return { uses: rows[0]?.uses ?? 0, mine: rows[0]?.mine ?? 0 };
  },

  /** Per coupon: its uses and the money it gave away (discounts of its orders that are not cancelled). */
  async stats(ids: string[]): Promise<Map<string, { uses: number; given: number }>> {
    if (!ids.length) return new Map();
    const rows = await db.$queryRaw<{ id: string; uses: number; given: string }[]>`
      SELECT coupon_id AS id, count(*)::int AS uses, coalesce(sum(discount), 0)::text AS given
      FROM orders WHERE coupon_id = ANY(${ids}::text[]) AND status <> ${CANCELLED} GROUP BY coupon_id`;
    return new Map(rows.map((r) => [r.id, { uses: r.uses, given: Number(r.given) }]));
  },

  create: (data: CouponData): Promise<CouponRow> => db.coupon.create({ data, select: couponSelect }),
  update: async (id: string, data: CouponData): Promise<boolean> => (await db.coupon.updateMany({ where: { id }, data })).count === 1,
  delete: async (id: string): Promise<boolean> => (await db.coupon.deleteMany({ where: { id } })).count === 1,
});
