// What an order that is not there (or not the caller's) is called. One module, three audiences whose wording
// the product fixes (each is asserted by the API tests): the shopper's orders and payments, the shopper's chat
// (SPEC.md §8's own sentence) and the staff console (which says "encomenda" throughout).

/** The shopper's order calls (the Stripe return). */
export const ORDER_NOT_FOUND = "Pedido não encontrado";
/** SPEC.md §8: the chat's message for a missing or someone else's order (REST and socket alike). */
export const CHAT_ORDER_NOT_FOUND = "Pedido inválido ou não encontrado.";
/** The staff console's orders and conversations. */
export const STAFF_ORDER_NOT_FOUND = "Encomenda não encontrada";
