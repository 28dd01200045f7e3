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

export const OkReply = Type.Object({ success: Type.Literal(true) });
export type OkReply = Static<typeof OkReply>;

export const UnreadCountReply = Type.Object({ success: Type.Literal(true), count: Type.Integer() });
export type UnreadCountReply = Static<typeof UnreadCountReply>;
