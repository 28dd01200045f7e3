// What an order's notifications need to know: the order's money and references, and its customer's choices.
import type { Db } from "../db/client.ts";
import { Prisma } from "../db/client.ts";

const noticeSelect = {
  id: true,
  totalAmount: true,
  amountPaid: true,
  paymentMethod: true,
  paymentReference: true,
  paymentDeadline: true,
  multicaixaReference: true,
  shipment: true,
  user: { select: { id: true, name: true, email: true, notifyEmail: true, notifyPush: true, active: true } },
} as const satisfies Prisma.OrderSelect;

export type EventOrder = Prisma.OrderGetPayload<{ select: typeof noticeSelect }>;

export const orderEventsRepository = (db: Db) => ({
  order: (orderId: string): Promise<EventOrder | null> => db.order.findUnique({ where: { id: orderId }, select: noticeSelect }),

  customer: (userId: string) =>
    db.user.findUnique({
      where: { id: userId },
      select: { id: true, name: true, email: true, notifyEmail: true, notifyPush: true, active: true },
    }),

  /** Client messages of the order that support has not read yet (the one just written included). */
  unreadClientMessages: (orderId: string) => db.message.count({ where: { orderId, sender: "client", readBySupportAt: null } }),
});
