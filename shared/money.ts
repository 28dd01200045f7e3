// Kwanza amounts (docs/design/money.md#amounts): currency label kz, 2 decimals, the fixed delivery fee.
// One function formats money for the server's messages, the storefront and the console, so an amount in an
// error ("o total atual é 12 500,00 kz") is the very string the cart shows.

const CURRENCY = "kz";

/** The delivery fee, 'Taxa de envio', in kwanza. */
export const DELIVERY_FEE = 5000;

/**
 * Digit groups are joined by U+00A0 (no-break space): an amount never breaks across lines, and the text is the
 * same on every runtime. Written by hand rather than with Intl.NumberFormat because ICU's Portuguese locales
 * disagree between runtimes (pt-PT leaves 4-digit numbers ungrouped on some, U+202F on others).
 */
const GROUP_SEPARATOR = "\u00a0";

/** Anything that prints itself with two decimals: a number, or a Prisma/decimal.js Decimal. */
export type MoneyAmount = number | { toFixed(decimals: number): string };

/** "12 500,00 kz" (with U+00A0 between the groups). */
export function formatKz(amount: MoneyAmount): string {
  const fixed = typeof amount === "number" ? (Number.isFinite(amount) ? amount : 0).toFixed(2) : amount.toFixed(2);
  const negative = fixed.startsWith("-");
  const [whole = "0", cents = "00"] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${negative ? "-" : ""}${grouped},${cents} ${CURRENCY}`;
}

/** The largest amount a money column holds (Decimal(12,2)): prices, totals, payments. */
export const MAX_AMOUNT = 9_999_999_999.99;

/** Said for any amount above MAX_AMOUNT, instead of the database's overflow. */
export const amountTooLarge = (what: string) => `${what} não pode ser superior a ${formatKz(MAX_AMOUNT)}`;
