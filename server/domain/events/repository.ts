// The domain_events and event_reactions tables (docs/design/events.md): writing events, and the dispatcher's
// claims. An event is due when it is not done, its back-off has passed, no instance's claim on it is running, and
// no earlier event of the same order is still open: one order's events are handled in the order they were written.
import { Prisma, type Db } from "../../db/client.ts";
import type { DomainEvent, EventName, StoredEvent } from "./catalog.ts";

interface EventRow {
  id: bigint;
  name: string;
  order_id: string | null;
  payload: unknown;
  created_at: Date;
  attempts: number;
}

const toStored = (r: EventRow): StoredEvent & { attempts: number } => ({
  id: BigInt(r.id),
  name: r.name as EventName,
  orderId: r.order_id,
  payload: (r.payload ?? {}) as never,
  createdAt: r.created_at,
  attempts: r.attempts,
});

export const eventsRepository = (db: Db) => ({
  insert: (events: readonly DomainEvent[]) =>
    db.domainEvent.createMany({
      data: events.map((e) => ({ name: e.name, orderId: e.orderId, payload: e.payload as Prisma.InputJsonValue })),
    }),

  /**
   * Claims up to `limit` due events for `owner` until `leaseMs` from now (`FOR UPDATE SKIP LOCKED`: two instances
   * never claim one event), oldest first, at most one per order (the head of its stream).
   */
  async claimDue(owner: string, limit: number, leaseMs: number) {
    const rows = await db.$queryRaw<EventRow[]>`
      UPDATE domain_events SET claimed_by = ${owner}, claimed_until = now() + ${leaseMs} * interval '1 millisecond'
      WHERE id IN (
        SELECT e.id FROM domain_events e
        WHERE e.done_at IS NULL AND e.next_at <= now() AND (e.claimed_until IS NULL OR e.claimed_until < now())
          AND (e.order_id IS NULL OR NOT EXISTS (
            SELECT 1 FROM domain_events b WHERE b.order_id = e.order_id AND b.id < e.id AND b.done_at IS NULL))
        ORDER BY e.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, name, order_id, payload, created_at, attempts`;
    return rows.map(toStored).sort((a, b) => (a.id < b.id ? -1 : 1));
  },

  /** The reactions of `eventId` that already ran. */
  reacted: async (eventId: bigint): Promise<Set<string>> =>
    new Set((await db.eventReaction.findMany({ where: { eventId }, select: { reaction: true } })).map((r) => r.reaction)),

  /** Records that `reaction` ran for `eventId`; false when it already had (another run got there first). */
  async markReacted(eventId: bigint, reaction: string): Promise<boolean> {
    const inserted = await db.$executeRaw`
      INSERT INTO event_reactions (event_id, reaction) VALUES (${eventId}, ${reaction}) ON CONFLICT DO NOTHING`;
    return inserted === 1;
  },

  done: (eventId: bigint, owner: string) =>
    db.domainEvent.updateMany({
      where: { id: eventId, claimedBy: owner },
      data: { doneAt: new Date(), claimedUntil: null, claimedBy: null },
    }),

  /** A reaction failed: the event waits `delayMs`, then any instance tries the reactions that did not run. */
  retryLater: (eventId: bigint, owner: string, delayMs: number, error: string) =>
    db.domainEvent.updateMany({
      where: { id: eventId, claimedBy: owner },
      data: {
        attempts: { increment: 1 },
        nextAt: new Date(Date.now() + delayMs),
        lastError: error.slice(0, 2000),
        claimedUntil: null,
        claimedBy: null,
      },
    }),

  /** Failing for too long: closed so the order's later events go on (kept, with its error, for staff and logs). */
  giveUp: (eventId: bigint, owner: string, error: string) =>
    db.domainEvent.updateMany({
      where: { id: eventId, claimedBy: owner },
      data: {
        doneAt: new Date(),
        gaveUp: true,
        attempts: { increment: 1 },
        lastError: error.slice(0, 2000),
        claimedUntil: null,
        claimedBy: null,
      },
    }),

  /** Lets go of this instance's claims (closing): another instance takes them at once. */
  releaseAll: (owner: string) =>
    db.domainEvent.updateMany({ where: { claimedBy: owner, doneAt: null }, data: { claimedUntil: null, claimedBy: null } }),

  /** Events not handled yet (due now or waiting for a retry). */
  backlog: () => db.domainEvent.count({ where: { doneAt: null } }),

  /** Events due now and not handled yet (what a test waits for: not those waiting for a retry). */
  dueNow: () => db.domainEvent.count({ where: { doneAt: null, nextAt: { lte: new Date() } } }),

  /** Handled events older than `before` are deleted (their reactions with them). */
  prune: (before: Date) => db.domainEvent.deleteMany({ where: { doneAt: { lt: before }, gaveUp: false } }),
});
