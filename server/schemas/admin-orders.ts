import { OrderFiscalDocument } from "./fiscal.ts";
import { PaymentRequestSchema } from "./payment-requests.ts";
import { Type, type Static } from "typebox";
import { StrictObject } from "./common.ts";
import { Address, OrderStatusSchema } from "./orders.ts";

import type { OrderStatus } from "../../shared/orders.ts";
import { MAX_AMOUNT } from "../../shared/money.ts";
import { MAX_BANK_REFERENCE, PAYMENT_CONFIRMATIONS, PAYMENT_STATES, PROOF_STATUSES } from "../../shared/payments.ts";
import { DeliveryChoiceSchema, ShipmentSchema } from "./delivery.ts";
import { OrderCouponSchema } from "./coupons.ts";
import { AdminCharge } from "./mcx-express.ts";

/** Staff see the address exactly as the shopper submitted it (the orders contract's Address). */
const AdminAddress = Address;

const AdminOrderCustomer = Type.Object({ id: Type.String(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) });

const AdminOrderLine = Type.Object({
  productId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  image: Type.String(),
  price: Type.Number(),
  size: Type.String(),
  quantity: Type.Integer(),
  /** Its units are held in stock for the order (docs/product/orders.md#stock). */
  held: Type.Boolean(),
  /** Paid after the hold ended with no units left of it: staff restock or settle it with the shopper. */
  short: Type.Boolean(),
});

const AdminStatusChange = Type.Object({
  status: Type.String(),
  by: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});

const AdminAttachment = Type.Object({
  messageId: Type.String(),
  sender: Type.String(),
  url: Type.String(),
  type: Type.Union([Type.Literal("image"), Type.Literal("pdf")]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/** The moves the caller may offer: forward ones for any staff member, exceptions (admin, with a reason). */
const MoveTarget = Type.Unsafe<OrderStatus>(OrderStatusSchema);
export const AdminAllowedMoves = Type.Object({ forward: Type.Array(MoveTarget), exceptions: Type.Array(MoveTarget) });
export type AdminAllowedMoves = Static<typeof AdminAllowedMoves>;

export const AdminPayment = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  bankReference: Type.String(),
  receivedAt: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  actor: Type.String(),
  /** An admin's reason for recording a bank reference already recorded (null: it was new). */
  duplicateReason: Type.Union([Type.String(), Type.Null()]),
  /** Recorded beyond what the order owed: the excess is to be refunded. */
  overpayment: Type.Boolean(),
  createdAt: Type.String(),
  /** How it counts (shared/payments.ts): `pending` is "por confirmar", recorded by support and not counted yet. */
  confirmation: Type.Union([
    Type.Literal(PAYMENT_CONFIRMATIONS[0]),
    Type.Literal(PAYMENT_CONFIRMATIONS[1]),
    Type.Literal(PAYMENT_CONFIRMATIONS[2]),
    Type.Literal(PAYMENT_CONFIRMATIONS[3]),
    Type.Literal(PAYMENT_CONFIRMATIONS[4]),
  ]),
  /** The admin who recorded, approved or linked it (null: a payment service or the import by itself; pending). */
  confirmedBy: Type.Union([Type.String(), Type.Null()]),
  confirmedAt: Type.Union([Type.String(), Type.Null()]),
  /** The bank statement line that confirms it (null: none yet). */
  statementLine: Type.Union([Type.Object({ id: Type.String(), bookedOn: Type.String() }), Type.Null()]),
});
export type AdminPayment = Static<typeof AdminPayment>;

/** What a PDF proof's text layer says, compared with the order's amount and the shop's IBAN (a hint only). */
export const ProofHints = Type.Object({
  amountFound: Type.Union([Type.Number(), Type.Null()]),
  amountMatches: Type.Boolean(),
  ibanFound: Type.Union([Type.String(), Type.Null()]),
  ibanMatches: Type.Boolean(),
});
export type ProofHints = Static<typeof ProofHints>;

export const AdminProof = Type.Object({
  id: Type.String(),
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
  /** The recorded payment an accepted proof shows. */
  paymentId: Type.Union([Type.String(), Type.Null()]),
  hints: Type.Union([ProofHints, Type.Null()]),
  decidedBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type AdminProof = Static<typeof AdminProof>;

const PaymentStateSchema = Type.Union([Type.Literal(PAYMENT_STATES[0]), Type.Literal(PAYMENT_STATES[1]), Type.Literal(PAYMENT_STATES[2])]);

/** One order as the console shows it; list rows leave lines/history/attachments empty. */
/** A WhatsApp or SMS message about the order (docs/product/notifications.md#whatsapp-and-sms). */
export const AdminPhoneMessage = Type.Object({
  id: Type.String(),
  channel: Type.String(),
  subject: Type.String(),
  to: Type.String(),
  /** The outbox's: pending, sent, failed. */
  status: Type.String(),
  /** As the provider reported it: sent, delivered, read, failed; null before any report. */
  deliveryStatus: Type.Union([Type.String(), Type.Null()]),
  deliveryStatusAt: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type AdminPhoneMessage = Static<typeof AdminPhoneMessage>;

export const AdminOrder = Type.Object({
  id: Type.String(),
  shortId: Type.String(),
  customer: AdminOrderCustomer,
  status: Type.String(),
  paymentMethod: Type.String(),
  paid: Type.Boolean(),
  address: AdminAddress,
  /** The delivery chosen at placement (null: older orders). */
  delivery: Type.Union([DeliveryChoiceSchema, Type.Null()]),
  shipment: Type.Union([ShipmentSchema, Type.Null()]),
  subtotal: Type.Number(),
  deliveryFee: Type.Number(),
  totalAmount: Type.Number(),
  /** The coupon applied: totalAmount = subtotal + deliveryFee − discount; null without one. */
  coupon: Type.Union([OrderCouponSchema, Type.Null()]),
  itemCount: Type.Integer(),
  unread: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  lines: Type.Array(AdminOrderLine),
  history: Type.Array(AdminStatusChange),
  attachments: Type.Array(AdminAttachment),
  allowedMoves: AdminAllowedMoves,
  paymentReference: Type.Union([Type.String(), Type.Null()]),
  paymentDeadline: Type.Union([Type.String(), Type.Null()]),
  /** Until when the unpaid order holds its units (null: none held, paid, cancelled, or the hold ended). */
  stockHeldUntil: Type.Union([Type.String(), Type.Null()]),
  /** When the unpaid hold ended and the units went back on sale (null: it did not). */
  stockReleasedAt: Type.Union([Type.String(), Type.Null()]),
  /** What counts (confirmed payments): the payment state follows it. */
  amountPaid: Type.Number(),
  paymentState: PaymentStateSchema,
  /** Recorded "por confirmar" (support's, not yet matched by the statement nor approved): it does not count. */
  amountUnconfirmed: Type.Number(),
  payments: Type.Array(AdminPayment),
  proofs: Type.Array(AdminProof),
  /** What paid payment requests added to the total (docs/product/payment-requests.md). */
  extras: Type.Number(),
  /** The order's payment requests, oldest first. */
  paymentRequests: Type.Array(PaymentRequestSchema),
  amountRefunded: Type.Number(),
  refunds: Type.Array(
    Type.Object({
      id: Type.String(),
      amount: Type.Number(),
      bankReference: Type.Union([Type.String(), Type.Null()]),
      status: Type.Union([Type.Literal("done"), Type.Literal("pending")]),
      note: Type.Union([Type.String(), Type.Null()]),
      actor: Type.String(),
      createdAt: Type.String(),
    }),
  ),
  /** An admin confirmed the order without the money recorded: their reason (null: the ledger paid it). */
  paidException: Type.Union([Type.String(), Type.Null()]),
  /** The buyer's NIF given at checkout (null: Consumidor final). */
  nif: Type.Union([Type.String(), Type.Null()]),
  /** The order's fiscal documents, oldest first (docs/product/fiscal-documents.md#where-people-look). */
  fiscalDocuments: Type.Array(OrderFiscalDocument),
  /** The order's WhatsApp and SMS messages with their states, oldest first (only on one order's page). */
  phoneMessages: Type.Optional(Type.Array(AdminPhoneMessage)),
  /** Its Multicaixa Express charges, oldest first (only on one order's page). */
  mcxExpressCharges: Type.Optional(Type.Array(AdminCharge)),
});
export type AdminOrder = Static<typeof AdminOrder>;

export const AdminOrderStatusBody = StrictObject({
  status: OrderStatusSchema,
  note: Type.Optional(Type.String({ maxLength: 500 })),
  /** Why: required (shared/payments.ts) for a move that is not forward. */
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  /** Only with Enviado (docs/product/orders.md#dispatch). */
  shipment: Type.Optional(
    StrictObject({
      carrier: Type.Optional(Type.String({ maxLength: 100 })),
      trackingCode: Type.Optional(Type.String({ maxLength: 100 })),
      trackingUrl: Type.Optional(Type.String({ maxLength: 500, pattern: "^https?://" })),
      driverPhone: Type.Optional(Type.String({ maxLength: 30, pattern: "^\\+?[0-9 ]*$" })),
      expectedAt: Type.Optional(Type.String({ format: "date-time" })),
    }),
  ),
});
export type AdminOrderStatusBody = Static<typeof AdminOrderStatusBody>;

/** Money received for an order (Decimal(12,2): up to 9 999 999 999,99). */
const PaymentFields = {
  amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
  bankReference: Type.String({ minLength: 1, maxLength: MAX_BANK_REFERENCE }),
  receivedAt: Type.Optional(Type.String({ format: "date-time" })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
  /** Record more than the order still owes: the excess is to be refunded. */
  overpayment: Type.Optional(Type.Boolean()),
  /** Admin only: record a bank reference already recorded, saying why. */
  duplicateReason: Type.Optional(Type.String({ maxLength: 500 })),
};
export const AdminPaymentBody = StrictObject(PaymentFields);
export type AdminPaymentBody = Static<typeof AdminPaymentBody>;

/** Accepting a proof links it to a payment: one already recorded on the order (`paymentId`) or a new one. */
export const AdminProofAcceptBody = StrictObject({
  paymentId: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" })),
  amount: Type.Optional(PaymentFields.amount),
  bankReference: Type.Optional(PaymentFields.bankReference),
  receivedAt: PaymentFields.receivedAt,
  note: PaymentFields.note,
  overpayment: PaymentFields.overpayment,
  duplicateReason: PaymentFields.duplicateReason,
});
export type AdminProofAcceptBody = Static<typeof AdminProofAcceptBody>;

/** Money given back: with the transfer's reference, or `pending` (por devolver). */
export const AdminRefundBody = StrictObject({
  amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }),
  bankReference: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_BANK_REFERENCE })),
  pending: Type.Optional(Type.Boolean()),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AdminRefundBody = Static<typeof AdminRefundBody>;

export const ProofParams = Type.Object({
  id: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
  proofId: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
});
export const PaymentParams = Type.Object({
  id: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
  paymentId: Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" }),
});
export const AdminProofRefuseBody = StrictObject({ reason: Type.String({ minLength: 3, maxLength: 500 }) });
export type AdminProofRefuseBody = Static<typeof AdminProofRefuseBody>;
