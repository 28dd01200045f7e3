// Dates as the console shows them (Portugal's short style). Amounts are written by shared/money.ts's formatKz.

const dateTime = new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeStyle: "short" });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
