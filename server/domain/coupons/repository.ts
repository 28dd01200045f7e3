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
  /** Of those, the given customer's. */
  mine: number;
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

  async uses(id: string, userId: string): Promise<CouponUses> {
    const rows = await db.$queryRaw<{ uses: number; mine: number }[]>`
      SELECT count(*)::int AS uses, (count(*) FILTER (WHERE user_id = ${userId}))::int AS mine
      FROM orders WHERE coupon_id = ${id} AND status <> ${CANCELLED}`;
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
