// The WhatsApp and SMS messages sent about an order, as the console's order page lists them (with their delivery
// state from the provider's callbacks: docs/product/console.md#orders).
import type { Db } from "../../db/client.ts";
import { phoneMessagesRepository } from "./repository.ts";

/** An order's phone messages as the console's order page shows them. */
export async function orderPhoneMessages(db: Db, orderId: string) {
  return (await phoneMessagesRepository(db).forOrder(orderId)).map((m) => ({
    id: m.id,
    channel: m.channel,
    subject: m.subject,
    to: m.to,
    status: m.status,
    deliveryStatus: m.deliveryStatus,
    deliveryStatusAt: m.deliveryStatusAt?.toISOString() ?? null,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
  }));
}
