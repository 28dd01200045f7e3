// What the shopper reads about paying a bank-transfer order (docs/product/orders.md): whether it still awaits the transfer,
// how much is left, the deadline in Angola's time and the time left before it.
import { formatDateTimeInText } from "../../../shared/dates.ts";
import { formatKz } from "../../../shared/money.ts";
import { AWAITING_PAYMENT, BANK_TRANSFER } from "../../../shared/orders.ts";
import type { Order } from "./api/user-orders.ts";

export const DEADLINE_EXPIRED_LABEL = "Prazo expirado";

/**
 * What is left to send (never below zero): the total less what the shop received and what it recorded that awaits
 * the bank's confirmation (docs/product/orders.md#confirmed-payments): a shopper whose transfer support already saw
 * on a proof is not asked to pay it again.
 */
export const amountDue = (order: Pick<Order, "totalAmount" | "amountPaid" | "amountAwaitingConfirmation">): number =>
  Math.max(0, Math.round((order.totalAmount - order.amountPaid - order.amountAwaitingConfirmation) * 100) / 100);

/** A bank-transfer order the shop still waits money for: the shopper can pay it and send a proof. */
export const awaitsTransfer = (
  order: Pick<Order, "paymentMethod" | "status" | "totalAmount" | "amountPaid" | "amountAwaitingConfirmation">,
): boolean => order.paymentMethod === BANK_TRANSFER && order.status === AWAITING_PAYMENT && amountDue(order) > 0;

/** An unpaid order holding money the shop recorded that the bank has not confirmed yet. */
export const awaitsConfirmation = (order: Pick<Order, "status" | "amountAwaitingConfirmation">): boolean =>
  order.status === AWAITING_PAYMENT && order.amountAwaitingConfirmation > 0;

/** What the shopper reads of that money. */
export const awaitingConfirmationText = (amount: number): string => `${formatKz(amount)} registados, a aguardar a confirmação do banco.`;

/** The IBAN as typed in a banking app that refuses spaces. */
export const ibanWithoutSpaces = (iban: string): string => iban.replace(/\s+/g, "");

/** "25/11/2026 às 16:30" in Luanda (shared/dates.ts). */
export const formatDeadline = (iso: string): string => formatDateTimeInText(iso);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "faltam 1 dia e 3 h", "faltam 5 h e 20 min", "faltam 12 min"; DEADLINE_EXPIRED_LABEL once past. */
export function timeLeft(iso: string, now: number): string {
  const ms = new Date(iso).getTime() - now;
  if (Number.isNaN(ms)) return "";
  if (ms <= 0) return DEADLINE_EXPIRED_LABEL;
  const totalMinutes = Math.floor(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days) return `faltam ${plural(days, "dia", "dias")}${hours ? ` e ${hours} h` : ""}`;
  if (hours) return `faltam ${hours} h${minutes ? ` e ${minutes} min` : ""}`;
  return minutes ? `faltam ${minutes} min` : "falta menos de 1 min";
}

/** The amount as a banking app's amount field takes it: digits and a decimal comma, no grouping, no currency. */
export const plainAmount = (amount: number): string => amount.toFixed(2).replace(".", ",");

/** An order's lines as cart lines ("Encomendar de novo"); a line whose product is gone from the catalogue is left out. */
export const reorderLines = (order: Pick<Order, "items">): { productId: string; size: string; quantity: number }[] =>
  order.items.flatMap((i) => (i.itemId && i.quantity > 0 ? [{ productId: i.itemId, size: i.size, quantity: i.quantity }] : []));
