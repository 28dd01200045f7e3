// Payment request contracts (docs/product/payment-requests.md; staff routes in docs/product/staff-api.md#payment-requests).
import { Type, type Static } from "typebox";
import { Money, ShortText, StrictObject } from "./common.ts";
import { MAX_REQUEST_HOURS } from "../../shared/payment-requests.ts";
import { ShopMcxExpress } from "./mcx-express.ts";

/** A request as the shopper's orders, the chat card and staff see it. */
export const PaymentRequestSchema = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  reason: Type.String(),
  /** An open one past its deadline already reads "expired". */
  status: Type.Union([Type.Literal("open"), Type.Literal("paid"), Type.Literal("cancelled"), Type.Literal("expired")]),
  expiresAt: Type.String(),
  /** What the shopper writes in the transfer's description. */
  reference: Type.String(),
  /** The Multicaixa reference (ProxyPay configured, while open). */
  multicaixa: Type.Union([Type.Object({ entity: Type.String(), reference: Type.String(), amount: Type.Number() }), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  /** The shopper's chat only: null when the shop does not offer Multicaixa Express; else the request's latest charge. */
  mcxExpress: Type.Optional(ShopMcxExpress),
});
export type PaymentRequestSchema = Static<typeof PaymentRequestSchema>;

export const PaymentRequestBody = StrictObject({
  amount: Money,
  reason: ShortText({ maxLength: 200 }),
  expiresInHours: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_REQUEST_HOURS })),
});
export type PaymentRequestBody = Static<typeof PaymentRequestBody>;

export const PaymentRequestParams = Type.Object({ id: Type.String({ maxLength: 64 }), requestId: Type.String({ maxLength: 64 }) });
export const PaymentRequestReply = Type.Object({ success: Type.Literal(true), request: PaymentRequestSchema });
export const PaymentRequestsReply = Type.Object({ success: Type.Literal(true), requests: Type.Array(PaymentRequestSchema) });
