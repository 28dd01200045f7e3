// Orders as every part of Loja sees them: the statuses, their Portuguese labels, which are paid, which moves
// staff may make, the payment methods and the short id shoppers and staff read aloud.

/** Every status an order can have, in the order an order goes through them (the console's tabs follow it). */
export const ORDER_STATUSES = [
  "Por confirmar",
  "Aguardando Pagamento",
  "Pagamento Confirmado",
  "Em Preparação",
  "Enviado",
  "Entregue",
  "Cancelado",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The status of a new pay-on-delivery order until staff confirm it (docs/product/pay-on-delivery.md). */
export const AWAITING_CONFIRMATION: OrderStatus = "Por confirmar";
/** The status of a new bank-transfer order (docs/product/orders.md#statuses). */
export const AWAITING_PAYMENT: OrderStatus = "Aguardando Pagamento";
export const PAYMENT_CONFIRMED: OrderStatus = "Pagamento Confirmado";
export const IN_PREPARATION: OrderStatus = "Em Preparação";
export const SHIPPED: OrderStatus = "Enviado";
export const DELIVERED: OrderStatus = "Entregue";
export const CANCELLED: OrderStatus = "Cancelado";

/** Statuses in which the shop holds the shopper's money. */
export const PAID_STATUSES: readonly OrderStatus[] = ["Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue"];
export const isPaidStatus = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status);
export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The moves staff make in the normal course of an order: forward, or cancel while unpaid. Once paid, an order may
 * skip ahead (a parcel handed over the same day goes from Pagamento Confirmado to Entregue in one click, as the
 * console has always offered); an unpaid one only becomes paid or cancelled.
 * Anything else (going back, cancelling a paid order) is an exception for an admin with a written reason.
 */
export const FORWARD_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Pay on delivery: confirmed by phone or WhatsApp, the order is prepared unpaid (paid at the door before Entregue).
  "Por confirmar": ["Em Preparação", "Cancelado"],
  "Aguardando Pagamento": ["Pagamento Confirmado", "Cancelado"],
  "Pagamento Confirmado": ["Em Preparação", "Enviado", "Entregue"],
  "Em Preparação": ["Enviado", "Entregue"],
  Enviado: ["Entregue"],
  Entregue: [],
  Cancelado: [],
};

/** How the console colours each status (MUI palette names, kept here so a new status cannot miss one). */
export const STATUS_TONE: Readonly<Record<OrderStatus, "warning" | "info" | "primary" | "secondary" | "success" | "error">> = {
  "Por confirmar": "warning",
  "Aguardando Pagamento": "warning",
  "Pagamento Confirmado": "info",
  "Em Preparação": "primary",
  Enviado: "secondary",
  Entregue: "success",
  Cancelado: "error",
};

/**
 * How an order is paid, as stored and answered: the bank transfer, a card payment (handled but not offered), or pay
 * on delivery where the shop allows it (docs/product/pay-on-delivery.md).
 */
export const BANK_TRANSFER = "bank_transfer";
export const CARD = "stripe";
export const PAY_ON_DELIVERY = "pay_on_delivery";
export const PAYMENT_METHODS = [BANK_TRANSFER, CARD, PAY_ON_DELIVERY] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  bank_transfer: "Transferência bancária",
  stripe: "Cartão (Stripe)",
  pay_on_delivery: "Pagamento na entrega",
};

/**
 * The original contract's name of the bank transfer, still taken on the wire (it never meant cash on delivery).
 * The one place a requested method becomes a stored one: null for anything else.
 */
export const LEGACY_BANK_TRANSFER = "cod";
export const paymentMethodFromWire = (value: unknown): PaymentMethod | null =>
  value === LEGACY_BANK_TRANSFER
    ? BANK_TRANSFER
    : (PAYMENT_METHODS as readonly unknown[]).includes(value)
      ? (value as PaymentMethod)
      : null;

/** An order is shown by the last 6 characters of its id, upper-cased. */
export const shortOrderId = (id: string): string => id.slice(-6).toUpperCase();
