// Discount codes (docs/product/coupons.md): the kinds, how a code is written, what each kind takes off and the
// reasons a code is refused. The server decides; the storefront and the console show the same words.
import { formatKz } from "./money.ts";
import { formatDateTime } from "./dates.ts";

export const COUPON_KINDS = ["percent", "fixed", "free_delivery"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Readonly<Record<CouponKind, string>> = {
  percent: "Percentagem",
  fixed: "Valor fixo",
  free_delivery: "Entrega grátis",
};

/** The longest code staff may give (codes are typed by shoppers on phones). */
export const MAX_COUPON_CODE = 32;
/** Letters, digits, hyphen and underscore once normalised. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** Codes are compared as typed without surrounding spaces and whatever the case: " natal10 " is NATAL10. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

export const COUPON_FIELD_LABEL = "Código de desconto";
export const DISCOUNT_LINE_LABEL = "Desconto";

/** What a coupon is, for the rules below (value: percent 1–100, fixed in whole kwanza, free delivery unused). */
export interface CouponTerms {
  kind: CouponKind;
  value: number;
}

/**
 * What the coupon takes off an order of `subtotal` (the items) plus `deliveryFee`, in whole kwanza: a percentage of
 * the items (rounded half up), a fixed amount, or the delivery fee. Never more than the order: the total is never
 * below 0 (docs/design/money.md#coupons).
 */
export function couponDiscount(terms: CouponTerms, subtotal: number, deliveryFee: number): number {
  const whole = subtotal + deliveryFee;
  const raw = terms.kind === "percent" ? Math.round((subtotal * terms.value) / 100) : terms.kind === "fixed" ? terms.value : deliveryFee;
  return Math.max(0, Math.min(Math.round(raw), Math.round(whole)));
}

const day = (at: Date): string => formatDateTime(at);

/** The reasons a code is refused, as the shopper reads them. */
export const COUPON_MESSAGES = {
  empty: "Escreva o código de desconto",
  /**
   * One answer, one status, for a code that does not exist, is switched off or is not valid yet: nothing tells a
   * guesser which words are codes waiting to be switched on (docs/product/coupons.md#refusals).
   */
  invalid: "Este código de desconto não é válido",
  expired: (endsAt: Date) => `Este código de desconto expirou em ${day(endsAt)}`,
  usedUp: "Este código de desconto já foi usado o número máximo de vezes",
  perCustomer: (max: number) =>
    max === 1 ? "Já usou este código de desconto num pedido" : `Já usou este código de desconto em ${max} pedidos (o máximo)`,
  belowMinimum: (min: number) => `Este código de desconto só é válido para compras a partir de ${formatKz(min)} (sem a entrega)`,
  freeDeliveryAlready: "A entrega deste pedido já é grátis: este código não dá desconto",
  applied: (discount: number) => `Código aplicado: desconto de ${formatKz(discount)}`,
  freeDeliveryLater: "Código aplicado: a entrega será grátis",
} as const;
