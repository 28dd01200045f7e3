// Return and exchange contracts (docs/product/returns.md): the shopper's POST /api/order/return and the returns on
// their orders, the staff resource /admin/api/returns.
import { Type, type Static } from "typebox";
import { Id, StrictObject } from "./common.ts";
import { MAX_RETURN_NOTE_LENGTH, RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES } from "../../shared/returns.ts";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Size = Type.String({ minLength: 1, maxLength: 20 });
const Units = Type.Integer({ minimum: 0, maximum: 1000 });

export const ReturnReasonSchema = Type.Union([
  Type.Literal(RETURN_REASONS[0]),
  Type.Literal(RETURN_REASONS[1]),
  Type.Literal(RETURN_REASONS[2]),
  Type.Literal(RETURN_REASONS[3]),
]);
export const ReturnResolutionSchema = Type.Union([Type.Literal(RETURN_RESOLUTIONS[0]), Type.Literal(RETURN_RESOLUTIONS[1])]);
export const ReturnStatusSchema = Type.Union([
  Type.Literal(RETURN_STATUSES[0]),
  Type.Literal(RETURN_STATUSES[1]),
  Type.Literal(RETURN_STATUSES[2]),
  Type.Literal(RETURN_STATUSES[3]),
  Type.Literal(RETURN_STATUSES[4]),
]);

export const ReturnRequestBody = StrictObject({
  orderId: Id,
  lines: Type.Array(
    StrictObject({ itemId: Id, size: Size, quantity: Type.Integer({ minimum: 1, maximum: 1000 }), reason: ReturnReasonSchema }),
    { minItems: 1, maxItems: 50 },
  ),
  resolution: ReturnResolutionSchema,
  exchangeSize: Type.Optional(Size),
  note: Type.Optional(Type.String({ maxLength: MAX_RETURN_NOTE_LENGTH })),
});
export type ReturnRequestBody = Static<typeof ReturnRequestBody>;

export const ReturnRequestReply = Type.Object({ success: Type.Literal(true), returnId: Type.String(), status: Type.Literal("Pedido") });

/** A return as its shopper sees it on /orders. */
export const ShopReturn = Type.Object({
  _id: Type.String(),
  status: Type.String(),
  resolution: ReturnResolutionSchema,
  exchangeSize: Nullable(Type.String()),
  note: Nullable(Type.String()),
  staffNote: Nullable(Type.String()),
  /** An exchange's replacement order (shown among the shopper's orders). */
  replacementOrderId: Nullable(Type.String()),
  createdAt: Type.String(),
  lines: Type.Array(
    Type.Object({
      itemId: Nullable(Type.String()),
      name: Type.String(),
      size: Type.String(),
      quantity: Type.Integer(),
      reason: Type.String(),
    }),
  ),
});
export type ShopReturn = Static<typeof ShopReturn>;

/** What a delivered order still offers to return, until when, and the sizes each line may be exchanged for (in stock). */
export const ReturnOffer = Type.Object({
  until: Type.String(),
  lines: Type.Array(
    Type.Object({
      itemId: Type.String(),
      name: Type.String(),
      size: Type.String(),
      quantity: Type.Integer(),
      exchangeSizes: Type.Array(Type.String()),
    }),
  ),
});
export type ReturnOffer = Static<typeof ReturnOffer>;

export const AdminReturnLine = Type.Object({
  id: Type.String(),
  productId: Nullable(Type.String()),
  name: Type.String(),
  image: Type.String(),
  size: Type.String(),
  price: Type.Number(),
  /** Units bought on the order, and asked back here. */
  bought: Type.Integer(),
  quantity: Type.Integer(),
  reason: Type.String(),
  receivedQuantity: Nullable(Type.Integer()),
  damagedQuantity: Nullable(Type.Integer()),
});

/** A return as staff see it: its lines, what concluding it refunds, its replacement, its steps and who made them. */
export const AdminReturn = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  shortOrderId: Type.String(),
  customer: Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()) }),
  status: Type.String(),
  resolution: ReturnResolutionSchema,
  exchangeSize: Nullable(Type.String()),
  note: Nullable(Type.String()),
  staffNote: Nullable(Type.String()),
  itemCount: Type.Integer(),
  lines: Type.Array(AdminReturnLine),
  /** The refund concluding a refund resolution records (the received lines as paid, the coupon shared out pro rata). */
  refundDue: Type.Number(),
  refund: Nullable(
    Type.Object({ id: Type.String(), amount: Type.Number(), bankReference: Nullable(Type.String()), status: Type.String() }),
  ),
  replacementOrder: Nullable(Type.Object({ id: Type.String(), shortId: Type.String(), status: Type.String() })),
  /** The statuses this caller may move it to now. */
  allowedMoves: Type.Array(Type.String()),
  history: Type.Array(
    Type.Object({ status: Type.String(), by: Nullable(Type.String()), note: Nullable(Type.String()), at: Type.String() }),
  ),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminReturn = Static<typeof AdminReturn>;

/** A move: to `status`, with its note; at Recebida what came back per line; at a refund's Concluída the bank's reference or "por devolver". */
export const AdminReturnMove = StrictObject({
  status: ReturnStatusSchema,
  note: Type.Optional(Type.String({ maxLength: MAX_RETURN_NOTE_LENGTH })),
  lines: Type.Optional(Type.Array(StrictObject({ id: Id, receivedQuantity: Units, damagedQuantity: Units }), { maxItems: 50 })),
  bankReference: Type.Optional(Type.String({ maxLength: 100 })),
  pending: Type.Optional(Type.Boolean()),
});
export type AdminReturnMove = Static<typeof AdminReturnMove>;
