// Orders as every part of Loja sees them: the statuses, their Portuguese labels, which are paid, which moves
// staff may make, the payment methods and the short id shoppers and staff read aloud.

/** Every status an order can have, in the order an order goes through them (the console's tabs follow it). */
export const ORDER_STATUSES = [
  "Aguardando Pagamento",
  "Pagamento Confirmado",
  "Em Preparação",
  "Enviado",
  "Entregue",
  "Cancelado",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
  "Aguardando Pagamento": ["Pagamento Confirmado", "Cancelado"],
  "Pagamento Confirmado": ["Em Preparação", "Enviado", "Entregue"],
  "Em Preparação": ["Enviado", "Entregue"],
  Enviado: ["Entregue"],
  Entregue: [],
  Cancelado: [],
};

/** How the console colours each status (MUI palette names, kept here so a new status cannot miss one). */
export const STATUS_TONE: Readonly<Record<OrderStatus, "warning" | "info" | "primary" | "secondary" | "success" | "error">> = {
  "Aguardando Pagamento": "warning",
  "Pagamento Confirmado": "info",
  "Em Preparação": "primary",
  Enviado: "secondary",
  Entregue: "success",
  Cancelado: "error",
};

/**
 * How an order is paid, as the API spells it: "cod" is the bank transfer (the shop's only offered method; the
 * value is the original contract's and stays on the wire), "stripe" a card payment, handled but not offered.
 */
export const BANK_TRANSFER = "cod";
export const CARD = "stripe";
export const PAYMENT_METHODS = [BANK_TRANSFER, CARD] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { cod: "Transferência bancária", stripe: "Cartão (Stripe)" };

/** An order is shown by the last 6 characters of its id, upper-cased. */
export const shortOrderId = (id: string): string => id.slice(-6).toUpperCase();
