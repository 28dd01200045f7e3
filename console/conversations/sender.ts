import { SHOP_SENDER } from "../../shared/payments.ts";

// Who wrote a chat message: the shopper ('client'), an agent ('support'), or the shop itself ('shop': status
// changes, payments, reminders). Only the shopper's messages wait for an answer.

export const isShopMessage = (sender: string): boolean => sender === SHOP_SENDER;
export const isClientMessage = (sender: string): boolean => sender === "client";

/** The translation key naming the sender. */
export const senderLabel = (sender: string): string =>
  isClientMessage(sender) ? "loja.conversations.client" : isShopMessage(sender) ? "loja.conversations.shop" : "loja.conversations.support";
