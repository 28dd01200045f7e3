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
  couponCode: true,
  discount: true,
  address: true,
  shipment: true,
  user: {
    select: { id: true, name: true, email: true, notifyEmail: true, notifyPush: true, active: true, whatsappOptIn: true, smsOptIn: true },
  },
} as const satisfies Prisma.OrderSelect;

export type EventOrder = Prisma.OrderGetPayload<{ select: typeof noticeSelect }>;

const placedSelect = {
  ...noticeSelect,
  subtotal: true,
  deliveryFee: true,
  delivery: true,
  lines: { select: { name: true, size: true, quantity: true, price: true }, orderBy: { position: "asc" } },
} as const satisfies Prisma.OrderSelect;

export const orderEventsRepository = (db: Db) => ({
  order: (orderId: string): Promise<EventOrder | null> => db.order.findUnique({ where: { id: orderId }, select: noticeSelect }),

  /** A new order with its lines and delivery, for its confirmation. */
  placedOrder: (orderId: string) => db.order.findUnique({ where: { id: orderId }, select: placedSelect }),

  customer: (userId: string) =>
    db.user.findUnique({
      where: { id: userId },
      select: { id: true, name: true, email: true, notifyEmail: true, notifyPush: true, active: true, whatsappOptIn: true, smsOptIn: true },
    }),

  /** Who a support-reply digest is for: the order's delivery phone and its shopper's choices. */
  phoneOf: (orderId: string) =>
    db.order.findUnique({
      where: { id: orderId },
      select: { address: true, user: { select: { id: true, active: true, whatsappOptIn: true, smsOptIn: true } } },
    }),

  /** A staff member's name (who did something others are told of); null once the account is gone. */
  staffName: async (userId: string): Promise<string | null> =>
    (await db.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? null,

  /** Every active admin's e-mail, lower-cased: where staff alerts go while the settings name no address. */
  activeAdminEmails: async (): Promise<string[]> =>
    (
      await db.user.findMany({
        where: { role: "admin", active: true, email: { not: null } },
        select: { email: true },
        orderBy: { email: "asc" },
      })
    ).map((u) => u.email!.toLowerCase()),
});
