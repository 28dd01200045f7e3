// Runs the reactions of committed events (docs/design/events.md#the-dispatcher): claims due events, runs each
// reaction that has not run yet for it, marks the event done. A reaction that throws leaves the event to be
// retried after a back-off (5 s, doubling to an hour) by any instance, with the reactions that did run skipped;
// after a day of failures the event is given up (logged) so the order's later events go on. Other orders' events
// never wait for a failing one.
import { randomUUID } from "node:crypto";
import type { EventName, StoredEvent } from "../domain/events/catalog.ts";
import { eventsRepository } from "../domain/events/repository.ts";
import type { Reaction, ReactionDeps } from "./reaction.ts";

const BATCH = 50;
/** How long a claim lasts: longer than any round's reactions (a crashed instance's events wait this long). */
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 3_600_000;
const GIVE_UP_AFTER_MS = 86_400_000;
/** A reaction's transaction waits its turn behind the shop's own work on a busy embedded database. */
const TRANSACTION_LIMITS = { maxWait: 30_000, timeout: 30_000 };

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const retryDelayMs = (attempts: number): number => Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts));

export class EventDispatcher {
  /** This instance's name on its claims. */
  readonly owner = `instance-${randomUUID()}`;
  private readonly byName = new Map<string, Reaction[]>();

  constructor(
    private readonly deps: ReactionDeps,
    reactions: readonly Reaction[],
    private readonly log: Log,
  ) {
    for (const r of reactions) for (const name of r.on) this.byName.set(name, [...(this.byName.get(name) ?? []), r]);
  }

  /** The reactions of one event, in the order index.ts lists them. */
  reactionsTo(name: EventName): readonly Reaction[] {
    return this.byName.get(name) ?? [];
  }

  /** One round: claims a batch and handles it. Resolves to true when the batch was full (more may be due). */
  async round(): Promise<boolean> {
    const events = await eventsRepository(this.deps.db.prisma).claimDue(this.owner, BATCH, LEASE_MS);
    for (const event of events) await this.handle(event);
    return events.length > 0;
  }

  /** Lets go of this instance's claims (the app closes): another instance picks them up at once. */
  async release(): Promise<void> {
    await eventsRepository(this.deps.db.prisma).releaseAll(this.owner);
  }

  private async handle(event: StoredEvent & { attempts: number }): Promise<void> {
    const prisma = this.deps.db.prisma;
    const repo = eventsRepository(prisma);
    const ran = await repo.reacted(event.id);
    try {
      for (const r of this.reactionsTo(event.name)) {
        if (ran.has(r.name)) continue;
        await this.run(r, event);
      }
      await repo.done(event.id, this.owner);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      if (Date.now() - event.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        this.log.error({ err: error, event: event.name, eventId: String(event.id), orderId: event.orderId }, "event given up");
        await repo.giveUp(event.id, this.owner, message);
      } else {
        this.log.warn(
          { err: error, event: event.name, eventId: String(event.id), orderId: event.orderId },
          "event reaction failed: retried later",
        );
        await repo.retryLater(event.id, this.owner, retryDelayMs(event.attempts), message);
      }
    }
  }

  private async run(r: Reaction, event: StoredEvent): Promise<void> {
    const prisma = this.deps.db.prisma;
    if (r.when && !(await r.when(event, this.deps))) {
      await eventsRepository(prisma).markReacted(event.id, r.name);
      return;
    }
    if (r.outside) {
      await r.outside(event, this.deps);
      if (!r.inTransaction) {
        await eventsRepository(prisma).markReacted(event.id, r.name);
        return;
      }
    }
    if (!r.inTransaction) return;
    const inTransaction = r.inTransaction;
    const after = await prisma.$transaction(async (tx) => {
      // Another instance's run that outlived its claim may have done it: the row says so, and this one stops.
      if (!(await eventsRepository(tx).markReacted(event.id, r.name))) return undefined;
      return inTransaction(tx, event, this.deps);
    }, TRANSACTION_LIMITS);
    if (typeof after === "function") {
      try {
        await after();
      } catch (error) {
        this.log.warn({ err: error, reaction: r.name }, "after-commit step of a reaction failed");
      }
    }
  }
}
