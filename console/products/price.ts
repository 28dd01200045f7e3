import { MAX_AMOUNT } from "../../shared/money.ts";

/** A price is a money column: above zero, at most MAX_AMOUNT, cents at most. */
export const validPrice = (value: unknown) => {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return "loja.products.price_positive";
  if (value > MAX_AMOUNT) return "loja.products.price_too_high";
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return "loja.products.price_cents";
  return undefined;
};
