import type { Message } from "../../../server/schemas/messages.ts";
import type { PaymentRequestSchema } from "../../../server/schemas/payment-requests.ts";

/** A payment request staff made on the order: its card in the chat (docs/product/payment-requests.md). */
export type PaymentRequest = PaymentRequestSchema;
import type { SHOP_SENDER } from "../../../shared/payments.ts";

/**
 * A chat message: sender 'client' or support; type 'image' or a PDF. The shop itself also posts (status
 * changes, payments, proof decisions) as `SHOP_SENDER`, shown apart as the shop's automatic notice. Any other
 * sender a newer server may add is shown as support (docs/product/chat.md#messages).
 */
export type ChatMessage = Omit<Message, "sender"> & { sender: Message["sender"] | typeof SHOP_SENDER | (string & {}) };

export const isClient = (m: ChatMessage) => m.sender === "client";
/** The shop's automatic notice (no person wrote it). */
export const isShopNotice = (m: ChatMessage) => m.sender === "shop";
export const isImage = (m: ChatMessage) => m.type === "image";

/** Appends unless already there: a sent message also comes back over the socket. */
export const appendMessage = (list: ChatMessage[], m: ChatMessage): ChatMessage[] =>
  list.some((x) => x._id === m._id) ? list : [...list, m];

/**
 * The chat as a fresh load answered it, keeping what the screen got meanwhile: a load that left before a message was
 * sent (the socket coming up as the shopper taps Enviar) answers without it, and must not take it off the screen.
 * Messages are never deleted, so one on screen and not in the answer is newer than the answer.
 */
export const withLoaded = (loaded: ChatMessage[], shown: ChatMessage[] | null): ChatMessage[] => {
  const ids = new Set(loaded.map((m) => m._id));
  return [...loaded, ...(shown ?? []).filter((m) => !ids.has(m._id))];
};
