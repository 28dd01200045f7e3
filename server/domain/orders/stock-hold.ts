// Stock held briefly and openly (docs/product/orders.md#stock, docs/design/money.md#stock). An unpaid order holds its
// tracked units for the shop's "Reserva de stock" (2 h by default), never past its payment deadline; when the hold
// ends unpaid (partly paid, or with a proof awaiting a decision, alike) the units go back on sale and the order stays
// payable. Money that then covers the order takes the units again where they are left; a line whose units were sold
// meanwhile is marked short, noted on the order and alerted to staff: paid, but never silently oversold.
import type { Db, PrismaClient } from "../../db/client.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { ordersRepository } from "./repository.ts";
import { paidWithoutStockNote } from "./shop-messages.ts";

const HOUR_MS = 3_600_000;
const BATCH = 100;

/** When an order placed at `placedAt` stops holding its units: the hold's hours later, or its deadline if sooner. */
export function stockHoldEnd(placedAt: Date, holdHours: number, paymentDeadline: Date | null): Date {
  const end = new Date(placedAt.getTime() + holdHours * HOUR_MS);
  return paymentDeadline && paymentDeadline.getTime() < end.getTime() ? paymentDeadline : end;
}

/**
 * A round of the payment-deadline job: unpaid orders whose hold is over give their units back (batch by batch, each
 * order once, safe with several instances: SKIP LOCKED); `order.stock_released` tells the shopper in the order's chat.
 * Returns the ids.
 */
export async function releaseEndedHolds(db: PrismaClient, now: Date): Promise<string[]> {
  const released: string[] = [];
  for (;;) {
    const ended = await db.$transaction(async (tx) => {
      const orders = await ordersRepository(tx).endStockHolds(now, BATCH);
      await stockRepository(tx).release(
        orders.map((o) => o.id),
        { holdEnded: true },
      );
      await emitEvents(
        tx,
        ...orders.map((o) => orderEvent("order.stock_released", o.id, { paymentDeadline: o.paymentDeadline?.toISOString() ?? null })),
      );
      return orders;
    });
    released.push(...ended.map((o) => o.id));
    if (ended.length < BATCH) return released;
  }
}

/**
 * In the transaction that makes the order paid: its lines released by the hold take their units again; the lines
 * left short get a note on the order and a staff alert (`order.paid_short`). Returns the short lines (none when the
 * hold never ended).
 */
export async function retakeStockOnPayment(tx: Db, orderId: string) {
  const short = await stockRepository(tx).retake(orderId);
  if (!short.length) return short;
  await ordersRepository(tx).addNote({ orderId, authorId: null, text: paidWithoutStockNote(short) });
  const lines = short.map(({ name, size, quantity }) => ({ name, size, quantity }));
  await emitEvents(tx, orderEvent("order.paid_short", orderId, { lines }));
  return short;
}
