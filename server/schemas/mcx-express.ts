// Multicaixa Express through AppyPay (docs/product/shopper-api.md#multicaixa-express): the shopper's request and what
// the shopper sees of a charge.
import { Type, type Static } from "typebox";
import { Id, StrictObject } from "./common.ts";
import { MCX_CHARGE_STATES } from "../../shared/mcx-express.ts";
import { MAX_AMOUNT } from "../../shared/money.ts";

export const McxExpressBody = StrictObject({
  orderId: Id,
  /** A payment request of the order to pay (its amount) instead of the order's own money owed (docs/product/payment-requests.md). */
  paymentRequestId: Type.Optional(Id),
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

/** A Multicaixa Express charge as staff see it on the order's payments (docs/product/console.md#multicaixa-express). */
export const AdminCharge = Type.Object({
  id: Type.String(),
  /** The payment request it pays (null: the order's own money owed). */
  paymentRequestId: Type.Union([Type.String(), Type.Null()]),
  /** The mobile charged, "923 456 789". */
  phoneNumber: Type.String(),
  amount: Type.Number(),
  /** pending, paid, failed, mismatch, kept (shared/mcx-express.ts MCX_CHARGE_STATUS_LABELS). */
  status: Type.String(),
  /** AppyPay's response code and message (null before any). */
  code: Type.Union([Type.Integer(), Type.Null()]),
  gatewayMessage: Type.Union([Type.String(), Type.Null()]),
  /** AppyPay's charge id (null: its answer never came). */
  gatewayId: Type.Union([Type.String(), Type.Null()]),
  merchantTransactionId: Type.String(),
  /** What AppyPay said it charged, when it differs or was kept. */
  gatewayAmount: Type.Union([Type.Number(), Type.Null()]),
  /** How many times the shop asked AppyPay about it. */
  attempts: Type.Integer(),
  /** The ledger payment it became (refund it through AppyPay from there). */
  paymentId: Type.Union([Type.String(), Type.Null()]),
  refunded: Type.Number(),
  createdAt: Type.String(),
  settledAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdminCharge = Static<typeof AdminCharge>;

/** An admin gives back part or all of a Multicaixa Express payment through AppyPay. */
export const AdminAppyPayRefundBody = StrictObject({
  amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AdminAppyPayRefundBody = Static<typeof AdminAppyPayRefundBody>;
