import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export interface OrderWhere { q?: string; status?: string; customerId?: string; ids?: string[] }

const rowSelect = {
  id: true,
  status: true,
  paymentMethod: true,
  paid: true,
  address: true,
  subtotal: true,
  deliveryFee: true,
  totalAmount: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, name: true, email: true } },
  _count: { select: { lines: true } },
  lines: { select: { quantity: true } },
} as const satisfies Prisma.OrderSelect;

const detailSelect = {
  ...rowSelect,
  lines: { orderBy: { position: "asc" }, select: { productId: true, name: true, image: true, price: true, size: true, quantity: true } },
  statusHistory: { orderBy: { createdAt: "asc" }, select: { status: true, note: true, createdAt: true, changedBy: { select: { id: true, name: true } } } },
  messages: {
    where: { mediaId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, sender: true, createdAt: true, media: { select: { publicId: true, mimeType: true, fileName: true } } },
  },
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof rowSelect }>;
export type OrderDetailRow = Prisma.OrderGetPayload<{ select: typeof detailSelect }>;

function where(f: OrderWhere): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.ids) and.push({ id: { in: f.ids } });
  if (f.status) and.push({ status: f.status });
  if (f.customerId) and.push({ userId: f.customerId });
  if (f.q) {
    const q = f.q.replace(/^#/, "");
    and.push({
      OR: [
        // SPEC.md's short id is the last 6 characters upper-cased; ids are lower-case.
        { id: { endsWith: q.toLowerCase() } },
        { id: q },
        { user: { name: { contains: q, mode: "insensitive" } } },
        { user: { email: { contains: q, mode: "insensitive" } } },
      ],
    });
  }
  return and.length ? { AND: and } : {};
}

export const adminOrdersRepository = (db: Db) => ({
  list: (f: OrderWhere, orderBy: Prisma.OrderOrderByWithRelationInput[], skip: number, take: number) =>
    db.order.findMany({ where: where(f), orderBy, skip, take, select: rowSelect }),
  count: (f: OrderWhere) => db.order.count({ where: where(f) }),
  find: (id: string) => db.order.findUnique({ where: { id }, select: detailSelect }),
  /** Unread customer messages per order, for badges in lists. */
  unreadByOrder: async (orderIds: string[]) => {
    if (orderIds.length === 0) return new Map<string, number>();
    const rows = await db.message.groupBy({ by: ["orderId"], where: { orderId: { in: orderIds }, sender: "client", readBySupportAt: null }, _count: { _all: true } });
    return new Map(rows.map((r) => [r.orderId, r._count._all]));
  },
});
