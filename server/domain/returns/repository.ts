// Returns and their lines (docs/design/returns.md): the only Prisma caller of order_returns and return_lines, and of
// the order reads a return needs (its lines, when it was delivered, its money).
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { BANK_TRANSFER, DELIVERED, PAY_ON_DELIVERY } from "../../../shared/orders.ts";
import { RETURN_REFUSED } from "../../../shared/returns.ts";
import { newOrderId } from "../orders/ids.ts";

const returnSelect = {
  id: true,
  orderId: true,
  userId: true,
  status: true,
  resolution: true,
  exchangeSize: true,
  note: true,
  staffNote: true,
  replacementOrderId: true,
  refundId: true,
  createdAt: true,
  updatedAt: true,
  lines: {
    orderBy: { orderLine: { position: "asc" } },
    select: {
      id: true,
      orderLineId: true,
      quantity: true,
      reason: true,
      receivedQuantity: true,
      damagedQuantity: true,
      orderLine: { select: { productId: true, name: true, image: true, price: true, size: true, quantity: true } },
    },
  },
  replacement: { select: { id: true, status: true } },
  refund: { select: { id: true, amount: true, bankReference: true, status: true } },
} as const satisfies Prisma.OrderReturnSelect;
export type ReturnRow = Prisma.OrderReturnGetPayload<{ select: typeof returnSelect }>;

const staffReturnSelect = {
  ...returnSelect,
  user: { select: { id: true, name: true, email: true } },
  order: {
    select: {
      subtotal: true,
      discount: true,
      amountPaid: true,
      amountRefunded: true,
      statusHistory: {
        where: { status: { startsWith: "Devolução" } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { status: true, note: true, createdAt: true, changedBy: { select: { name: true } } },
      },
    },
  },
} as const satisfies Prisma.OrderReturnSelect;
export type StaffReturnRow = Prisma.OrderReturnGetPayload<{ select: typeof staffReturnSelect }>;

export interface ReturnFilter {
  status?: string;
  orderId?: string;
  q?: string;
  ids?: string[];
}

const whereOf = (f: ReturnFilter): Prisma.OrderReturnWhereInput => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.orderId ? { OR: [{ orderId: f.orderId }, { replacementOrderId: f.orderId }] } : {}),
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.q
    ? {
        OR: [
          { orderId: { endsWith: f.q.toLowerCase() } },
          { user: { name: { contains: f.q, mode: "insensitive" } } },
          { user: { email: { contains: f.q, mode: "insensitive" } } },
        ],
      }
    : {}),
});

export const returnsRepository = (db: Db) => ({
  /** The order as a return request reads it, if it is this shopper's: its lines and when it last became Entregue. */
  orderForShopper: (orderId: string, userId: string) =>
    db.order.findFirst({
      where: { id: orderId, userId },
      select: {
        id: true,
        status: true,
        lines: { orderBy: { position: "asc" }, select: { id: true, productId: true, name: true, size: true, quantity: true } },
        statusHistory: {
          where: { status: DELIVERED },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 1,
          select: { createdAt: true },
        },
      },
    }),

  /** Holds the order's row until the transaction ends: two requests on one order count what is asked one after the other. */
  lockOrder: async (orderId: string): Promise<void> => void (await db.$queryRaw`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`),

  /** Units already asked back per order line (refused requests free theirs). */
  async askedByLine(orderLineIds: readonly string[]): Promise<Map<string, number>> {
    if (!orderLineIds.length) return new Map();
    const rows = await db.returnLine.groupBy({
      by: ["orderLineId"],
      where: { orderLineId: { in: [...orderLineIds] }, orderReturn: { status: { not: RETURN_REFUSED } } },
      _sum: { quantity: true },
    });
    return new Map(rows.map((r) => [r.orderLineId, r._sum.quantity ?? 0]));
  },

  /** A product's sizes and their tracked units (a size without a row is not tracked: never short). */
  productSizes: (productIds: readonly string[]) =>
    db.product.findMany({
      where: { id: { in: [...productIds] }, deletedAt: null },
      select: { id: true, sizes: true, stock: { select: { size: true, quantity: true } } },
    }),

  create: (data: {
    orderId: string;
    userId: string;
    resolution: string;
    exchangeSize: string | null;
    note: string | null;
    lines: { orderLineId: string; quantity: number; reason: string }[];
  }) =>
    db.orderReturn.create({
      data: { ...data, lines: { create: data.lines } },
      select: { id: true, status: true },
    }),

  /** The shopper's orders' returns, oldest first. */
  forOrders: (orderIds: readonly string[]) =>
    db.orderReturn.findMany({
      where: { orderId: { in: [...orderIds] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: returnSelect,
    }),

  findForStaff: (id: string) => db.orderReturn.findUnique({ where: { id }, select: staffReturnSelect }),

  pageForStaff: async (f: ReturnFilter, orderBy: Prisma.OrderReturnOrderByWithRelationInput[], offset: number, limit: number) => {
    const where = whereOf(f);
    const [rows, total] = await Promise.all([
      db.orderReturn.findMany({ where, orderBy, skip: offset, take: limit, select: staffReturnSelect }),
      db.orderReturn.count({ where }),
    ]);
    return { rows, total };
  },

  /** Conditional single-statement move: true only for the request that made it (two staff at once: one wins). */
  async move(id: string, from: string, to: { status: string; staffNote?: string | null; replacementOrderId?: string; refundId?: string }) {
    const { count } = await db.orderReturn.updateMany({ where: { id, status: from }, data: to });
    return count === 1;
  },

  setReceived: (lineId: string, receivedQuantity: number, damagedQuantity: number) =>
    db.returnLine.update({ where: { id: lineId }, data: { receivedQuantity, damagedQuantity }, select: { id: true } }),

  /** The order a return belongs to, as its replacement copies it. */
  orderToReplace: (orderId: string) =>
    db.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { userId: true, paymentMethod: true, address: true, delivery: true, nif: true },
    }),

  /**
   * An exchange's replacement: an order already paid (nothing to pay: total 0) that staff ship like any other
   * (Enviado, Entregue). Its line holds the unit taken for it when `reserved`.
   */
  async createReplacement(input: {
    from: { userId: string; paymentMethod: string; address: Prisma.JsonValue; delivery: Prisma.JsonValue; nif: string | null };
    status: string;
    line: { productId: string | null; name: string; image: string; size: string; quantity: number; reserved: boolean };
    staffUserId: string;
    note: string;
  }): Promise<string> {
    const { from } = input;
    const order = await db.order.create({
      data: {
        id: newOrderId(),
        userId: from.userId,
        status: input.status,
        paid: true,
        // Nothing is left to pay on it: never a cash collection at the door (docs/design/returns.md).
        paymentMethod: from.paymentMethod === PAY_ON_DELIVERY ? BANK_TRANSFER : from.paymentMethod,
        address: from.address ?? {},
        ...(from.delivery ? { delivery: from.delivery } : {}),
        nif: from.nif,
        subtotal: 0,
        deliveryFee: 0,
        totalAmount: 0,
        lines: { create: [{ position: 0, price: 0, ...input.line }] },
        statusHistory: { create: [{ status: input.status, changedById: input.staffUserId, note: input.note }] },
      },
      select: { id: true },
    });
    return order.id;
  },
});
