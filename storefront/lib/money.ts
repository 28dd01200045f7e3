// SPEC.md §9: currency label kz, fixed delivery fee, totals with 2 decimals.
export const CURRENCY = "kz";
export const DELIVERY_FEE = 5000;

const formatter = new Intl.NumberFormat("pt-PT", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** "12 500,00 kz" */
export const formatMoney = (amount: number): string => `${formatter.format(amount)} ${CURRENCY}`;
