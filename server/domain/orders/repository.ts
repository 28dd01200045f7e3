// Orders, their lines and status history: the only Prisma caller of the orders domain.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

const productSelect = {
  id: true,
  name: true,
  price: true,
  sizes: true,
  deletedAt: true,
  images: { orderBy: { position: "asc" }, take: 1, select: { media: { select: { publicId: true } } } },
} as const satisfies Prisma.ProductSelect;
export type OrderableProduct = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

const shopOrderSelect = {
  id: true,
  createdAt: true,
  status: true,
  paymentMethod: true,
  paid: true,
  address: true,
  subtotal: true,
  deliveryFee: true,
  totalAmount: true,
  lines: { orderBy: { position: "asc" }, select: { productId: true, name: true, image: true, price: true, size: true, quantity: true } },
} as const satisfies Prisma.OrderSelect;
export type ShopOrderRow = Prisma.OrderGetPayload<{ select: typeof shopOrderSelect }>;

const keySelect = { id: true, requestHash: true, stripeSessionId: true, paymentMethod: true } as const satisfies Prisma.OrderSelect;
export type KeyedOrder = Prisma.OrderGetPayload<{ select: typeof keySelect }>;

export interface NewOrder {
  id: string;
  userId: string;
  paymentMethod: string;
  address: Prisma.InputJsonObject;
  subtotal: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  totalAmount: Prisma.Decimal;
  idempotencyKey: string | null;
  requestHash: string | null;
  stripeSessionId: string | null;
  lines: { productId: string; name: string; image: string; price: Prisma.Decimal; size: string; quantity: number }[];
  status: string;
}

export const ordersRepository = (db: Db) => ({
  /** Products by id, deleted ones included (so a refusal can name them); one statement with the image joined in. */
  findProducts: (ids: string[]): Promise<OrderableProduct[]> => db.product.findMany({ relationLoadStrategy: "join", where: { id: { in: ids } }, select: productSelect }),

  findByKey: (userId: string, idempotencyKey: string): Promise<KeyedOrder | null> =>
    db.order.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } }, select: keySelect }),

  /**
   * Inserts the order row unless its idempotency key is taken (ON CONFLICT DO NOTHING): false when another
   * request holds the key. No database error is raised inside the transaction for the expected race.
   */
  async insertOrder(o: NewOrder): Promise<boolean> {
    const created = await db.order.createManyAndReturn({
      data: [
        {
          id: o.id,
          userId: o.userId,
          status: o.status,
          paymentMethod: o.paymentMethod,
          address: o.address,
          subtotal: o.subtotal,
          deliveryFee: o.deliveryFee,
          totalAmount: o.totalAmount,
          idempotencyKey: o.idempotencyKey,
          requestHash: o.requestHash,
          stripeSessionId: o.stripeSessionId,
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (created.length === 0) return false;
    await db.orderLine.createMany({ data: o.lines.map((l, position) => ({ orderId: o.id, position, ...l })) });
    await db.orderStatusChange.create({ data: { orderId: o.id, status: o.status, changedById: null } });
    return true;
  },

  listForUser: (userId: string): Promise<ShopOrderRow[]> =>
    db.order.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: shopOrderSelect }),

  findForUser: (id: string, userId: string) =>
    db.order.findFirst({
      where: { id, userId },
      select: { id: true, userId: true, status: true, paid: true, paymentMethod: true, stripeSessionId: true, lines: { select: { productId: true, size: true } } },
    }),

  findStatus: (id: string) => db.order.findUnique({ where: { id }, select: { id: true, status: true, paid: true } }),

  /** Conditional single-statement update: true only for the request that made the change. */
  async transition(id: string, from: { status?: string; paid?: boolean }, to: { status: string; paid?: boolean }): Promise<boolean> {
    const { count } = await db.order.updateMany({ where: { id, ...from }, data: to });
    return count === 1;
  },

  addHistory: (orderId: string, status: string, changedById: string | null, note: string | null) =>
    db.orderStatusChange.create({ data: { orderId, status, changedById, note } }),
});
