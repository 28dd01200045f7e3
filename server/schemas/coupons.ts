// Coupon contracts (docs/product/coupons.md): the staff resource /admin/api/coupons and the shopper's preview
// POST /api/cart/coupon.
import { Type, type Static } from "typebox";
import { Id, Money, ShortText, StrictObject } from "./common.ts";
import { COUPON_KINDS, MAX_COUPON_CODE } from "../../shared/coupons.ts";
import { MAX_AMOUNT } from "../../shared/money.ts";

export const CouponKindSchema = Type.Union([Type.Literal(COUPON_KINDS[0]), Type.Literal(COUPON_KINDS[1]), Type.Literal(COUPON_KINDS[2])]);

/** A coupon as staff see it, with its uses and the money it gave away (orders not cancelled). */
export const AdminCoupon = Type.Object({
  id: Id,
  code: Type.String(),
  kind: CouponKindSchema,
  value: Type.Number(),
  minSubtotal: Type.Number(),
  startsAt: Type.Union([Type.String(), Type.Null()]),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  maxUses: Type.Union([Type.Integer(), Type.Null()]),
  maxUsesPerCustomer: Type.Union([Type.Integer(), Type.Null()]),
  active: Type.Boolean(),
  uses: Type.Integer(),
  given: Type.Number(),
  createdAt: Type.String(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

const Limit = Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()]);
const When = Type.Union([Type.String({ format: "date-time" }), Type.Null()]);

export const AdminCouponBody = StrictObject({
  code: Type.String({ maxLength: MAX_COUPON_CODE + 20 }),
  kind: CouponKindSchema,
  /** percent: 1–100; fixed: whole kwanza; free_delivery: ignored. */
  value: Type.Optional(Type.Integer({ minimum: 0, maximum: Math.floor(MAX_AMOUNT) })),
  minSubtotal: Type.Optional(Type.Integer({ minimum: 0, maximum: Math.floor(MAX_AMOUNT) })),
  startsAt: Type.Optional(When),
  endsAt: Type.Optional(When),
  maxUses: Type.Optional(Limit),
  maxUsesPerCustomer: Type.Optional(Limit),
  active: Type.Optional(Type.Boolean()),
});
export type AdminCouponBody = Static<typeof AdminCouponBody>;

export const CouponPreviewBody = StrictObject({
  code: ShortText({ maxLength: 100 }),
  subtotal: Money,
  /** The delivery fee of the option chosen, when known (the cart does not know it yet). */
  deliveryFee: Type.Optional(Money),
});
export type CouponPreviewBody = Static<typeof CouponPreviewBody>;

/** success false: the code is refused and `message` says why (discount 0). */
export const CouponPreviewReply = Type.Object({ success: Type.Boolean(), discount: Type.Number(), message: Type.String() });
export type CouponPreviewReply = Static<typeof CouponPreviewReply>;

/** What an order keeps of its coupon (shopper and staff). */
export const OrderCouponSchema = Type.Object({ code: Type.String(), discount: Type.Number() });
