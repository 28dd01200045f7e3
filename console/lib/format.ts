// Display helpers shared by the resources: kwanza amounts and Angolan dates.

const money = new Intl.NumberFormat("pt-AO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeStyle: "short" });

export const formatKz = (value: number): string => `${money.format(value)} kz`;
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
/** SPEC.md: an order is shown by the last 6 characters of its id, upper-cased. */
export const shortOrderId = (id: string): string => id.slice(-6).toUpperCase();
