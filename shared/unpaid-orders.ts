// What an unpaid order may hold, and for how long (docs/product/orders.md#stock, docs/product/checkout.md#placement-limits):
// the cap on open unpaid orders, how long their stock is held, how long a proof awaiting a decision keeps an order,
// and the shopper's own cancellation. The server applies these rules; the storefront and the console show them.

/** Open unpaid orders ("Aguardando Pagamento") an account may have at once, and a delivery phone across accounts. */
export const MAX_OPEN_UNPAID_ORDERS = 3;

/** A fourth unpaid order of one account. */
export const TOO_MANY_UNPAID_ORDERS = `Já tem ${MAX_OPEN_UNPAID_ORDERS} pedidos por pagar. Pague ou cancele uma delas (em Minhas encomendas) antes de fazer outra.`;

/** A fourth unpaid order for one delivery phone, whichever accounts placed them. */
export const TOO_MANY_UNPAID_FOR_PHONE = `O telefone de entrega indicado já tem ${MAX_OPEN_UNPAID_ORDERS} pedidos por pagar. Pague ou cancele uma delas antes de fazer outra.`;

/** Why a shopper may not cancel their own order now (docs/product/orders.md#cancelling-an-unpaid-order). */
export const SHOPPER_CANCEL_REFUSALS = {
  notAwaiting: "Este pedido já não aguarda pagamento: para o cancelar, fale connosco na conversa do pedido.",
  proofPending: "O seu comprovativo de pagamento está em análise: para cancelar o pedido, fale connosco na conversa do pedido.",
} as const;
const moneyHeld = (received: string) =>
  `Este pedido já tem ${received} recebidos: para o cancelar e receber a devolução, fale connosco na conversa do pedido.`;

/**
 * Whether the shopper may cancel their own order, or why not: only while it awaits payment, with no money recorded
 * (staff cancel it, recording the refund first) and no proof awaiting staff's decision. `received` is the money
 * held as the storefront writes it (formatKz). The server answers with the message; the storefront offers the button
 * only when there is none.
 */
export function shopperCancelRefusal(order: {
  awaitingPayment: boolean;
  moneyHeld: number;
  pendingProofs: number;
  received: (amount: number) => string;
}): string | null {
  if (!order.awaitingPayment) return SHOPPER_CANCEL_REFUSALS.notAwaiting;
  if (order.moneyHeld > 0) return moneyHeld(order.received(order.moneyHeld));
  if (order.pendingProofs > 0) return SHOPPER_CANCEL_REFUSALS.proofPending;
  return null;
}

/** Hours an unpaid order holds its tracked units by default (a shop setting, "Reserva de stock"). */
export const DEFAULT_STOCK_HOLD_HOURS = 2;
/** The longest hold the setting takes (as long as the longest payment time: 30 days). */
export const MAX_STOCK_HOLD_HOURS = 720;

/**
 * Hours past the payment deadline a proof awaiting a decision keeps the order from expiring: staff have this long to
 * decide it. Counted from the deadline, so a refused proof replaced by another never keeps the order any longer.
 */
export const PROOF_GRACE_HOURS = 24;

/**
 * Orders one client address may place per hour by default (PLACEMENTS_PER_ADDRESS_PER_HOUR): far above a household's,
 * with room for shoppers sharing a carrier's address.
 */
export const DEFAULT_PLACEMENTS_PER_ADDRESS = 20;

/** Orders the whole shop takes per hour by default (a shop setting): a flood of orders stops there. */
export const DEFAULT_PLACEMENTS_PER_HOUR = 300;
export const MAX_PLACEMENTS_PER_HOUR = 100_000;
