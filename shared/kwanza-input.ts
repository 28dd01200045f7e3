// Amounts typed by staff, as people in Angola write them: "29.990", "29 990", "29990", "29990,00" are all
// 29 990 kz; "12500,50", "12.500,50" and "12500.50" are 12 500,50 kz. Every kwanza input of the console uses this.

/** The amount in kwanza, or null when the text is not a positive amount with at most two decimals. */
export function parseKwanza(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f]/g, "").replace(/kz$/i, "");
  if (!s) return null;
  if (s.includes(",")) {
    // A comma is the decimal mark; dots before it group thousands.
    s = s.replace(/\.(?=\d{3}(\.|,))/g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    // "12.500" is twelve thousand five hundred, not twelve and a half.
    s = s.replace(/\./g, "");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const value = Number(s);
  return value > 0 && Number.isFinite(value) ? value : null;
}

/** What is due, as the amount field is prefilled ("12500,50"). */
export const kwanzaInputValue = (amount: number): string =>
  Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace(".", ",");

/** A price that falls by more than half is confirmed first (a thousands dot read as decimals is a 1,000-fold fall). */
export const priceFallsSharply = (before: number | null | undefined, after: number): boolean =>
  typeof before === "number" && before > 0 && after < before / 2;
