import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

/** What is still due: never below zero (an overpayment is still "paid"). */
export const amountDue = (order: Pick<AdminOrder, "totalAmount" | "amountPaid">): number =>
  Math.max(0, Math.round((order.totalAmount - order.amountPaid) * 100) / 100);
