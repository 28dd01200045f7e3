// Multicaixa Express through AppyPay (docs/product/shopper-api.md#multicaixa-express): the shopper's request and what
// the shopper sees of a charge.
import { Type, type Static } from "typebox";
import { Id, StrictObject } from "./common.ts";
import { MCX_CHARGE_STATES } from "../../shared/mcx-express.ts";

export const McxExpressBody = StrictObject({
  orderId: Id,
  /** Any way a phone is written ("923 456 789", "+244 923 456 789"); the server reads it (shared/mcx-express.ts). */
  phoneNumber: Type.String({ minLength: 1, maxLength: 30 }),
});
export type McxExpressBody = Static<typeof McxExpressBody>;

export const McxExpressReply = Type.Object({
  success: Type.Literal(true),
  chargeId: Type.String(),
  status: Type.Literal("pending"),
  /** ISO 8601: the end of the 90 seconds to approve it in the app. */
  expiresAt: Type.String(),
});

/** The latest charge of an order, as the shopper sees it on their orders. */
export const ShopCharge = Type.Object({
  chargeId: Type.String(),
  status: Type.Union([
    Type.Literal(MCX_CHARGE_STATES[0]),
    Type.Literal(MCX_CHARGE_STATES[1]),
    Type.Literal(MCX_CHARGE_STATES[2]),
    Type.Literal(MCX_CHARGE_STATES[3]),
  ]),
  /** Why it was not paid, or that the shop looks at it; null while pending or once paid. */
  message: Type.Union([Type.String(), Type.Null()]),
  /** The mobile charged, "923 456 789". */
  phoneNumber: Type.String(),
  amount: Type.Number(),
  expiresAt: Type.String(),
  createdAt: Type.String(),
});
export type ShopCharge = Static<typeof ShopCharge>;

/** Multicaixa Express on a shopper's order: null when the shop does not offer it; else its latest charge, if any. */
export const ShopMcxExpress = Type.Union([Type.Object({ charge: Type.Union([ShopCharge, Type.Null()]) }), Type.Null()]);
export type ShopMcxExpress = Static<typeof ShopMcxExpress>;

export const WebhookReply = Type.Object({ success: Type.Literal(true) });
