import { Type, type Static } from "typebox";
import { Id } from "./common.ts";

/**
 * ra-data-simple-rest list query: `filter` (JSON object), `range` ([start, end] inclusive),
 * `sort` ([field, "ASC"|"DESC"]), each JSON-encoded. Parsed and checked by server/plugins/simple-rest.ts.
 */
export const AdminListQuery = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 2000 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    sort: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AdminListQuery = Static<typeof AdminListQuery>;

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

export const OrderIdParams = Type.Object({ orderId: Id }, { additionalProperties: false });
export type OrderIdParams = Static<typeof OrderIdParams>;

export const DashboardStats = Type.Object({
  awaitingPayment: Type.Integer(),
  toShip: Type.Integer(),
  unreadConversations: Type.Integer(),
  revenueMonth: Type.Number(),
  /** Payments "por confirmar" on orders not cancelled (docs/product/orders.md#confirmed-payments). */
  unconfirmedPayments: Type.Integer(),
  latestOrders: Type.Array(
    Type.Object({
      id: Type.String(),
      shortId: Type.String(),
      customerName: Type.String(),
      status: Type.String(),
      totalAmount: Type.Number(),
      createdAt: Type.String(),
    }),
  ),
});
export type DashboardStats = Static<typeof DashboardStats>;

export const DashboardReply = Type.Object({ success: Type.Literal(true), stats: DashboardStats });
export type DashboardReply = Static<typeof DashboardReply>;

export const DashboardNumbersQuery = Type.Object(
  { period: Type.Optional(Type.Union([Type.Literal("today"), Type.Literal("7d"), Type.Literal("30d")])) },
  { additionalProperties: false },
);
export type DashboardNumbersQuery = Static<typeof DashboardNumbersQuery>;

/** The owner's numbers for a period (docs/product/console.md#the-owners-numbers). Money in kwanza. */
export const DashboardNumbers = Type.Object({
  period: Type.Union([Type.Literal("today"), Type.Literal("7d"), Type.Literal("30d")]),
  /** When the period's first Luanda day began. */
  from: Type.String(),
  revenue: Type.Number(),
  paidOrders: Type.Integer(),
  averageOrderValue: Type.Number(),
  /** Every Luanda day of the period, oldest first: paid orders placed that day and their total. */
  revenueByDay: Type.Array(Type.Object({ day: Type.String(), orders: Type.Integer(), revenue: Type.Number() })),
  ordersByStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  /** Now, whatever the period: orders waiting for their money, what they still owe, the nearest deadline. */
  awaiting: Type.Object({ count: Type.Integer(), total: Type.Number(), oldestDeadline: Type.Union([Type.String(), Type.Null()]) }),
  /** productId null: a product deleted since (its lines keep its name). */
  topProducts: Type.Array(
    Type.Object({
      productId: Type.Union([Type.String(), Type.Null()]),
      name: Type.String(),
      units: Type.Integer(),
      revenue: Type.Number(),
    }),
  ),
  /** Paid orders of the period by how the money came. */
  paidBy: Type.Object({ multicaixa: Type.Integer(), transfer: Type.Integer(), card: Type.Integer() }),
});
export type DashboardNumbers = Static<typeof DashboardNumbers>;

export const DashboardNumbersReply = Type.Object({ success: Type.Literal(true), numbers: DashboardNumbers });
export type DashboardNumbersReply = Static<typeof DashboardNumbersReply>;

export const OkReply = Type.Object({ success: Type.Literal(true) });
export type OkReply = Static<typeof OkReply>;

export const UnreadCountReply = Type.Object({ success: Type.Literal(true), count: Type.Integer() });
export type UnreadCountReply = Static<typeof UnreadCountReply>;
