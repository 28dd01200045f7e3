// The per-order support chat as the shopper API shows it (docs/product/shopper-api.md#chat).
import { Type, type Static } from "typebox";
import { PaymentRequestSchema } from "./payment-requests.ts";

/** A chat message: `type` says how to show the attachment, `fileUrl` is its /media/<publicId> URL. */
export const Message = Type.Object({
  _id: Type.String(),
  orderId: Type.String(),
  /** 'shop': posted by the shop itself (status changes, payments); the storefront shows any sender but 'client' as Suporte. */
  sender: Type.Union([Type.Literal("client"), Type.Literal("support"), Type.Literal("shop")]),
  text: Type.String(),
  fileUrl: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal("image"), Type.Literal("pdf"), Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  createdAt: Type.String(),
  /** The shop's card of a payment request: the order's paymentRequests has it (docs/product/payment-requests.md). */
  paymentRequestId: Type.Optional(Type.String()),
});
export type Message = Static<typeof Message>;

/** What staff see of a message: the shopper's shape plus who answered and the read markers of each side. */
export const SupportMessage = Type.Object({
  ...Message.properties,
  authorName: Type.Union([Type.String(), Type.Null()]),
  readBySupportAt: Type.Union([Type.String(), Type.Null()]),
  readByClientAt: Type.Union([Type.String(), Type.Null()]),
});
export type SupportMessage = Static<typeof SupportMessage>;

/** Any string: an id that is not one of the caller's orders is a 404, whatever its shape. */
export const MessageParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 200 }) });
export type MessageParams = Static<typeof MessageParams>;

/** The order's `messages`, plus its status (the chat's header shows it without reading the orders). */
export const MessageListReply = Type.Object({
  success: Type.Literal(true),
  messages: Type.Array(Message),
  status: Type.String(),
  /** The order's payment requests: the cards of messages with a paymentRequestId (docs/product/payment-requests.md). */
  paymentRequests: Type.Optional(Type.Array(PaymentRequestSchema)),
});
export type MessageListReply = Static<typeof MessageListReply>;

export const MessageReadReply = Type.Object({ success: Type.Literal(true) });

export const MessageSendReply = Type.Object({ success: Type.Literal(true), message: Message });
export type MessageSendReply = Static<typeof MessageSendReply>;

/** GET /api/order/attachment: may the PDF viewer show `url` as an attachment of `orderId`? */
export const OrderPdfQuery = Type.Object({
  orderId: Type.String({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 300 }),
});
export type OrderPdfQuery = Static<typeof OrderPdfQuery>;

export const OrderPdfReply = Type.Object({
  success: Type.Literal(true),
  orderId: Type.String(),
  shortId: Type.String(),
  fileName: Type.Union([Type.String(), Type.Null()]),
});
export type OrderPdfReply = Static<typeof OrderPdfReply>;
