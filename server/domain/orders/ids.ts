import { randomInt } from "node:crypto";

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * Order ids are made here rather than by the database so a Stripe session can name its order before the order
 * row exists. cuid-like: "c", the time in base 36, then 16 random base-36 characters, so the short id shoppers
 * see (the last 6 characters) is random. randomInt draws from Node's pooled random bytes and is unbiased: a
 * `randomBytes(16)` call per id cost ~7 µs, and a placement makes five ids (order, status change, lines, mails).
 */
export function newOrderId(): string {
  let random = "";
  for (let i = 0; i < 16; i++) random += BASE36[randomInt(36)];
  return `c${Date.now().toString(36)}${random}`;
}
