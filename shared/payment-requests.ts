// Payment requests (docs/product/payment-requests.md): their states and the words the server, the storefront's chat
// card and the console share.

export const PAYMENT_REQUEST_STATUSES = ["open", "paid", "cancelled", "expired"] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
export const PAYMENT_REQUEST_STATUS_LABELS: Readonly<Record<PaymentRequestStatus, string>> = {
  open: "Por pagar",
  paid: "Pago",
  cancelled: "Cancelado",
  expired: "Expirado",
};

/** Hours a request stays payable unless staff say otherwise, and at most. */
export const DEFAULT_REQUEST_HOURS = 48;
export const MAX_REQUEST_HOURS = 720;

/** Why a request that is not open cannot be paid (or cancelled). */
export const REQUEST_CLOSED: Readonly<Record<PaymentRequestStatus, string>> = {
  open: "Este pedido de pagamento está em aberto",
  paid: "Este pedido de pagamento já está pago",
  cancelled: "Este pedido de pagamento foi cancelado",
  expired: "Este pedido de pagamento expirou",
};

/** The card's title in the chat: "Pedido de pagamento". */
export const PAYMENT_REQUEST_TITLE = "Pedido de pagamento";
