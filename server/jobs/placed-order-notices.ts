// A new order's confirmation (what to pay) and its staff alert are written to the outbox here, right after the
// order commits, in batches: placement's own statement only marks the order (docs/design/notifications.md#placed-orders).
import type { AppDeps } from "../deps.ts";
import { writePlacedOrderNotices } from "../notifications/order-events.ts";
import type { Job } from "./job.ts";

/** Orders handled per round (one transaction); a full round runs the next at once. */
const BATCH = 100;

export function placedOrderNoticesJob({ db, notifier }: Pick<AppDeps, "db" | "notifier">): Job {
  return {
    name: "placed-order-notices",
    // Woken by every placement; the timer only catches orders a stopped instance left marked.
    everyMs: 5_000,
    // Every instance runs it (the one that placed the order is woken at once); orders are claimed with
    // FOR UPDATE SKIP LOCKED and mails carry dedupe keys, so no order's mails are written twice.
    scope: "instance",
    runAtStart: true,
    attach: (wake) => notifier.onOrderPlaced(wake),
    async run() {
      // It wakes the sender and pushes to staff itself once its round commits.
      return (await writePlacedOrderNotices(db.prisma, notifier, BATCH)) === BATCH;
    },
  };
}
