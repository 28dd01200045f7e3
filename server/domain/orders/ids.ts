import { randomBytes } from "node:crypto";

/**
 * Order ids are made here rather than by the database so a Stripe session can name its order before the order
 * row exists. cuid-like: "c", the time in base 36, then 16 random base-36 characters, so the short id SPEC.md
 * shows (the last 6 characters) is random.
 */
export function newOrderId(): string {
  const random = [...randomBytes(16)].map((b) => (b % 36).toString(36)).join("");
  return `c${Date.now().toString(36)}${random}`;
}
