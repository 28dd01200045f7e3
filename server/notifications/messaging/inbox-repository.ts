// whatsapp_unassigned: shoppers' WhatsApp messages from phones no account verified, waiting for staff
// (docs/product/console.md#whatsapp-por-atribuir), and the orders such a phone appears on.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { WhatsAppInboxState } from "../../../shared/messaging.ts";

export interface InboxRow {
  id: string;
  messageId: string;
  fromPhone: string;
  text: string;
  receivedAt: Date;
  state: string;
  orderId: string | null;
  decidedAt: Date | null;
  decidedBy: { name: string } | null;
}

export interface PhoneOrderRow {
  id: string;
  userId: string;
  status: string;
  createdAt: Date;
  address: unknown;
  user: { name: string; phone: string | null; verifiedPhones: { phone: string }[] };
}

const select = {
  id: true,
  messageId: true,
  fromPhone: true,
  text: true,
  receivedAt: true,
  state: true,
  orderId: true,
  decidedAt: true,
  decidedBy: { select: { name: true } },
} as const satisfies Prisma.WhatsappUnassignedSelect;

const listWhere = (f: { state?: WhatsAppInboxState; q?: string }): Prisma.WhatsappUnassignedWhereInput => ({
  ...(f.state ? { state: f.state } : {}),
  ...(f.q ? { OR: [{ fromPhone: { contains: f.q } }, { text: { contains: f.q, mode: "insensitive" } }] } : {}),
});

/** The most orders a phone's message offers staff to post it to (newest first). */
const PHONE_ORDERS_SHOWN = 20;

export const inboxRepository = (db: Db) => ({
  /** Keeps a message for staff (its id already claimed in whatsapp_inbound by the same transaction). */
  async hold(message: { messageId: string; fromPhone: string; text: string }): Promise<string> {
    const row = await db.whatsappUnassigned.create({ data: message, select: { id: true } });
    return row.id;
  },

  list(
    f: { state?: WhatsAppInboxState; q?: string },
    page: { skip: number; take: number; orderBy: Prisma.WhatsappUnassignedOrderByWithRelationInput[] },
  ): Promise<InboxRow[]> {
    return db.whatsappUnassigned.findMany({ where: listWhere(f), select, ...page });
  },

  count: (f: { state?: WhatsAppInboxState; q?: string }): Promise<number> => db.whatsappUnassigned.count({ where: listWhere(f) }),

  get: (id: string): Promise<InboxRow | null> => db.whatsappUnassigned.findUnique({ where: { id }, select }),

  /**
   * The orders a phone appears on: as their delivery phone, or of an account signed in with it or that confirmed
   * it; newest first. With each, whether its account verified the phone (staff see it before posting).
   */
  ordersOfPhone(e164: string, digits: string): Promise<PhoneOrderRow[]> {
    return db.order.findMany({
      where: {
        OR: [{ deliveryPhone: digits }, { user: { phone: e164 } }, { user: { verifiedPhones: { some: { phone: e164 } } } }],
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PHONE_ORDERS_SHOWN,
      select: {
        id: true,
        userId: true,
        status: true,
        createdAt: true,
        address: true,
        user: { select: { name: true, phone: true, verifiedPhones: { where: { phone: e164 }, select: { phone: true } } } },
      },
    });
  },

  /** Moves a waiting message to `state` (one statement: two staff deciding at once, one wins). True when it moved. */
  async decide(id: string, state: "assigned" | "dismissed", staffId: string, orderId: string | null): Promise<boolean> {
    const { count } = await db.whatsappUnassigned.updateMany({
      where: { id, state: "waiting" },
      data: { state, orderId, decidedById: staffId, decidedAt: new Date() },
    });
    return count === 1;
  },

  /** The message now in an order's chat: its claimed id says so too. */
  async inboundPosted(messageId: string, orderId: string): Promise<void> {
    await db.whatsappInbound.updateMany({ where: { messageId }, data: { orderId } });
  },
});
