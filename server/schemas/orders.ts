// Order contracts (docs/product/shopper-api.md#orders). Address fields and the payment method pass the edge as
// any bounded string, so the domain can answer with the checkout rules' own Portuguese messages
// (docs/product/checkout.md#checkout-rules); unknown fields are refused everywhere.
import { Type, type Static } from "typebox";
import { Id, Money, ShortText, StrictObject } from "./common.ts";
import { MAX_LINE_QUANTITY } from "./cart.ts";
import { MAX_AMOUNT } from "../../shared/money.ts";

import { ORDER_STATUSES } from "../../shared/orders.ts";
import { OrderCouponSchema } from "./coupons.ts";
import { PaymentRequestSchema } from "./payment-requests.ts";
import { OrderFiscalDocument } from "./fiscal.ts";
import { ShopMcxExpress } from "./mcx-express.ts";
import { DeliveryChoiceSchema, ShipmentSchema, TimelineStep } from "./delivery.ts";
import { ReturnOffer, ShopReturn } from "./returns.ts";
import { CANCELLED_BY, PAYMENT_STATES, PROOF_STATUSES } from "../../shared/payments.ts";

export type { PaymentMethod } from "../../shared/orders.ts";
/** The statuses of shared/orders.ts as a schema (responses and the staff's status change). */
export const OrderStatusSchema = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
const MAX_ORDER_ITEMS = 100;

const Field = Type.Optional(ShortText());

export const AddressInput = StrictObject({
  firstName: Field,
  lastName: Field,
  email: Field,
  street: Field,
  city: Field,
  state: Field,
  zipcode: Field,
  country: Field,
  phone: Field,
  /** Bairro and ponto de referência: optional, for couriers (docs/product/checkout.md#checkout-page). */
  neighborhood: Field,
  landmark: Field,
});
export type AddressInput = Static<typeof AddressInput>;

const IGNORED = "Accepted because the storefront sends its copy; never used: the server reprices every line from the catalogue.";

/**
 * One cart line as the storefront sends it. The product is `_id` or `itemId` (the order item's field name in
 * the shopper contract). name, image and price are accepted because the storefront sends its copy of them,
 * and are never used: the server reprices every line from the database.
 */
export const OrderItemInput = StrictObject({
  _id: Type.Optional(Id),
  itemId: Type.Optional(Id),
  size: ShortText({ maxLength: 100 }),
  quantity: Type.Integer({ minimum: 0, maximum: MAX_LINE_QUANTITY }),
  name: Type.Optional(Type.String({ maxLength: 255, description: IGNORED })),
  image: Type.Optional(
    Type.Union([ShortText({ maxLength: 2048 }), Type.Array(ShortText({ maxLength: 2048 }), { maxItems: 20 })], { description: IGNORED }),
  ),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description: IGNORED })),
});
export type OrderItemInput = Static<typeof OrderItemInput>;

export const PlaceOrderBody = StrictObject({
  address: AddressInput,
  items: Type.Array(OrderItemInput, { maxItems: MAX_ORDER_ITEMS }),
  totalAmount: Money,
  paymentMethod: ShortText({ maxLength: 32 }),
  /** Ticked at checkout: order updates on WhatsApp / by SMS from now on (false or left out changes nothing). */
  whatsappOptIn: Type.Optional(Type.Boolean()),
  smsOptIn: Type.Optional(Type.Boolean()),
  /** A zone or pickup point of GET /api/delivery/options; without it the zone serving the address applies. */
  deliveryOptionId: Type.Optional(ShortText({ maxLength: 64 })),
  /** A discount code (docs/product/coupons.md): the server applies it; totalAmount is the total after it. */
  couponCode: Type.Optional(ShortText({ maxLength: 100 })),
  /** The buyer's NIF for the fiscal documents (docs/product/fiscal-documents.md#the-nif): empty or left out, none. */
  nif: Type.Optional(Type.String({ maxLength: 40 })),
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const PlaceOrderReply = Type.Object({ success: Type.Literal(true), message: Type.String(), orderId: Type.String() });
export type PlaceOrderReply = Static<typeof PlaceOrderReply>;

/** 409s of placement; when the client total differs from the server's, the current total comes back too. */
export const OrderConflictReply = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  totalAmount: Type.Optional(Type.Number()),
});

/** The shopper cancels their own unpaid order (docs/product/orders.md#cancelling-an-unpaid-order). */
export const CancelOrderBody = StrictObject({ orderId: Id });
export const CancelOrderReply = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const StripeSessionReply = Type.Object({ success: Type.Literal(true), session_url: Type.String(), orderId: Type.String() });

/** The Stripe return page passes the query's `success` on as text or boolean; it is never trusted. */
export const VerifyStripeBody = StrictObject({
  success: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Boolean()])),
  orderId: Id,
});
export const VerifyStripeReply = Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) });

export const Address = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  street: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipcode: Type.String(),
  country: Type.String(),
  phone: Type.String(),
  neighborhood: Type.Optional(Type.String()),
  landmark: Type.Optional(Type.String()),
});
export type Address = Static<typeof Address>;

const ShopOrderItem = Type.Object({
  itemId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  image: Type.Array(Type.String()),
  price: Type.Number(),
  size: Type.String(),
  quantity: Type.Integer(),
});

/** An order as the shopper sees it: no internal fields (idempotency key, session id, user). */
/** A proof of payment as the shopper sees it (docs/product/orders.md#proofs-of-payment). */
export const ShopProof = Type.Object({
  _id: Type.String(),
  url: Type.String(),
  type: Type.Union([Type.Literal("image"), Type.Literal("pdf")]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([
    Type.Literal(PROOF_STATUSES[0]),
    Type.Literal(PROOF_STATUSES[1]),
    Type.Literal(PROOF_STATUSES[2]),
    Type.Literal(PROOF_STATUSES[3]),
  ]),
  reason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type ShopProof = Static<typeof ShopProof>;

export const ProofReply = Type.Object({ success: Type.Literal(true), proof: ShopProof });

/** Multicaixa "Pagamento por Referência": what the shopper types at an ATM or in the bank's app. */
/** Money given back on the order: done (transferred) or pending ("por devolver"). */
const ShopRefund = Type.Object({
  amount: Type.Number(),
  status: Type.Union([Type.Literal("done"), Type.Literal("pending")]),
  createdAt: Type.String(),
});

const ShopMulticaixa = Type.Object({ entity: Type.String(), reference: Type.String(), amount: Type.Number() });

/** Why a cancelled order was cancelled (docs/product/orders.md#statuses): who ended it, the reason written, when. */
export const ShopCancellation = Type.Object({
  by: Type.Union([Type.Literal(CANCELLED_BY[0]), Type.Literal(CANCELLED_BY[1]), Type.Literal(CANCELLED_BY[2])]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601; null for an order cancelled before its history was kept. */
  at: Type.Union([Type.String(), Type.Null()]),
});
export type ShopCancellation = Static<typeof ShopCancellation>;

export const ShopOrder = Type.Object({
  _id: Type.String(),
  createdAt: Type.String(),
  status: Type.String(),
  paymentMethod: Type.String(),
  payment: Type.Boolean(),
  address: Address,
  subtotal: Type.Number(),
  deliveryFee: Type.Number(),
  totalAmount: Type.Number(),
  /** The coupon applied (docs/product/coupons.md): totalAmount = subtotal + deliveryFee − discount; null without one. */
  coupon: Type.Union([OrderCouponSchema, Type.Null()]),
  items: Type.Array(ShopOrderItem),
  paymentReference: Type.Union([Type.String(), Type.Null()]),
  paymentDeadline: Type.Union([Type.String(), Type.Null()]),
  /**
   * Until when the unpaid order holds its tracked units (ISO 8601); null when it holds none: nothing tracked, paid,
   * cancelled, or the hold ended (docs/product/orders.md#stock).
   */
  stockHeldUntil: Type.Union([Type.String(), Type.Null()]),
  /** When the unpaid order's hold ended and its units went back on sale (null: it did not). */
  stockReleasedAt: Type.Union([Type.String(), Type.Null()]),
  /** What the shop counts as received (confirmed); paymentState follows it. */
  amountPaid: Type.Number(),
  paymentState: Type.Union([Type.Literal(PAYMENT_STATES[0]), Type.Literal(PAYMENT_STATES[1]), Type.Literal(PAYMENT_STATES[2])]),
  /** Recorded by the shop's staff (e.g. from a proof) and awaiting the bank's confirmation: not counted yet. */
  amountAwaitingConfirmation: Type.Number(),
  proofs: Type.Array(ShopProof),
  /** Money the shop gave back (or is to give back, "por devolver"): what it keeps is amountPaid minus this. */
  amountRefunded: Type.Number(),
  /** Each refund, oldest first (docs/product/orders.md#refunds). */
  refunds: Type.Array(ShopRefund),
  /** What paid payment requests added to the total (docs/product/payment-requests.md). */
  extras: Type.Number(),
  /** The order's payment requests, oldest first. */
  paymentRequests: Type.Array(PaymentRequestSchema),
  multicaixa: Type.Union([ShopMulticaixa, Type.Null()]),
  /** Set on a cancelled order only. */
  cancellation: Type.Union([ShopCancellation, Type.Null()]),
  /** The delivery chosen at placement (null: placed before delivery options existed). */
  delivery: Type.Union([DeliveryChoiceSchema, Type.Null()]),
  /** Set once the order is Enviado (docs/product/orders.md#dispatch). */
  shipment: Type.Union([ShipmentSchema, Type.Null()]),
  /** Placed, paid, in preparation, dispatched (or ready to collect), delivered: when each happened. */
  timeline: Type.Array(TimelineStep),
  /** The buyer's NIF given at checkout (null: Consumidor final). */
  nif: Type.Union([Type.String(), Type.Null()]),
  /** The order's fiscal documents, oldest first (docs/product/fiscal-documents.md#where-people-look). */
  fiscalDocuments: Type.Array(OrderFiscalDocument),
});
export type ShopOrder = Static<typeof ShopOrder>;

/**
 * The shopper's own list adds how many support (or shop) messages of each order they have not read yet, its returns
 * and what it still offers to return (docs/product/returns.md), and Multicaixa Express.
 */
export const UserOrder = Type.Object({
  ...ShopOrder.properties,
  unreadMessages: Type.Integer({ minimum: 0 }),
  returns: Type.Array(ShopReturn),
  returnOffer: Type.Union([ReturnOffer, Type.Null()]),
  /** Multicaixa Express (null: not offered by the shop) and the order's latest charge (docs/product/shopper-api.md#multicaixa-express). */
  mcxExpress: ShopMcxExpress,
});
export type UserOrder = Static<typeof UserOrder>;

export const UserOrdersReply = Type.Object({ success: Type.Literal(true), orders: Type.Array(UserOrder) });
