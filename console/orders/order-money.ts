import type { StaffOrder } from "../lib/money-types.ts";

/** What is still due: never below zero (an overpayment is still "paid"). */
export const amountDue = (order: Pick<StaffOrder, "totalAmount" | "amountPaid">): number =>
  Math.max(0, Math.round((order.totalAmount - (order.amountPaid ?? 0)) * 100) / 100);
