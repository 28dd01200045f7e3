import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { Role } from "../users/tokens.ts";

export interface PeopleWhere { q?: string; ids?: string[]; role?: string; active?: boolean }

const personSelect = { id: true, name: true, email: true, phone: true, role: true, active: true, createdAt: true } as const satisfies Prisma.UserSelect;
export type PersonRow = Prisma.UserGetPayload<{ select: typeof personSelect }>;

const where = (roles: Role[], f: PeopleWhere): Prisma.UserWhereInput => ({
  role: { in: f.role && roles.includes(f.role as Role) ? [f.role as Role] : roles },
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.active !== undefined ? { active: f.active } : {}),
  ...(f.q
    ? { OR: [{ name: { contains: f.q, mode: "insensitive" } }, { email: { contains: f.q, mode: "insensitive" } }, { phone: { contains: f.q } }] }
    : {}),
});

/** Customers and staff are both users; the role decides which resource shows them. */
export const adminPeopleRepository = (db: Db) => ({
  list: (roles: Role[], f: PeopleWhere, orderBy: Prisma.UserOrderByWithRelationInput[], skip: number, take: number) =>
    db.user.findMany({ where: where(roles, f), orderBy, skip, take, select: personSelect }),
  count: (roles: Role[], f: PeopleWhere) => db.user.count({ where: where(roles, f) }),
  find: (id: string, roles: Role[]) => db.user.findFirst({ where: { id, role: { in: roles } }, select: personSelect }),
  /** Orders and money per customer (cancelled orders are not money spent). */
  orderStats: async (userIds: string[]) => {
    if (userIds.length === 0) return new Map<string, { count: number; spent: number }>();
    const [counts, sums] = await Promise.all([
      db.order.groupBy({ by: ["userId"], where: { userId: { in: userIds } }, _count: { _all: true } }),
      db.order.groupBy({ by: ["userId"], where: { userId: { in: userIds }, status: { not: "Cancelado" } }, _sum: { totalAmount: true } }),
    ]);
    const spent = new Map(sums.map((s) => [s.userId, s._sum.totalAmount?.toNumber() ?? 0]));
    return new Map(counts.map((c) => [c.userId, { count: c._count._all, spent: spent.get(c.userId) ?? 0 }]));
  },
  create: (data: { name: string; email: string; passwordHash: string; role: Role }) => db.user.create({ data, select: personSelect }),
  update: (id: string, data: Prisma.UserUpdateInput) => db.user.update({ where: { id }, data, select: personSelect }),
  emailTaken: async (email: string) => (await db.user.count({ where: { email } })) > 0,
  countActiveAdmins: () => db.user.count({ where: { role: "admin", active: true } }),
});
