// What an order that is not there (or not the caller's) is called. One module, three audiences whose wording
// the product fixes (each is asserted by the API tests): the shopper's orders and payments, the shopper's chat
// (a fixed sentence, docs/product/overview.md#fixed-wording) and the staff console (the same word, "pedido").

/** The shopper's order calls (the Stripe return). */
export const ORDER_NOT_FOUND = "Pedido não encontrado";
/** The chat's fixed message for a missing or someone else's order (REST and socket alike). */
export const CHAT_ORDER_NOT_FOUND = "Pedido inválido ou não encontrado.";
/** The staff console's orders and conversations. */
export const STAFF_ORDER_NOT_FOUND = "Pedido não encontrado";
