/** The price column is Decimal(12,2): above zero, at most 9 999 999 999,99 kz, cents at most. */
const MAX_PRICE = 9_999_999_999.99;
export const validPrice = (value: unknown) => {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return "loja.products.price_positive";
  if (value > MAX_PRICE) return "loja.products.price_too_high";
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return "loja.products.price_cents";
  return undefined;
};
