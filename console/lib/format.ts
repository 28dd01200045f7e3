// Dates as the console shows them: the shop's one format, in Luanda's time (shared/dates.ts), as the storefront,
// e-mails and exports write them. Amounts are written by shared/money.ts's formatKz.
export { formatDate, formatDateTime } from "../../shared/dates.ts";
