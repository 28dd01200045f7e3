// The dispatcher's job (docs/design/events.md#the-dispatcher): every instance runs rounds of the domain events'
// reactions, woken at once by the NOTIFY of each commit that wrote events (the cluster bus's LISTEN on PostgreSQL,
// PGlite's own listener embedded), and every few seconds for events whose back-off ended or whose claim lapsed with
// a crashed instance. Claims are FOR UPDATE SKIP LOCKED, so instances share the work without doing any event twice.
// EVENTS_WORKER=false leaves an instance out. Handled events are kept a week, then deleted.
import type { AppDeps } from "../deps.ts";
import { EVENTS_CHANNEL } from "../domain/events/emit.ts";
import { eventsRepository } from "../domain/events/repository.ts";
import { EventDispatcher } from "../subscribers/dispatcher.ts";
import { SHOP_REACTIONS } from "../subscribers/index.ts";
import type { Job } from "../ops/job-runner.ts";

const KEEP_DONE_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function domainEventsJob(
  deps: Pick<AppDeps, "db" | "notifier" | "hub" | "payments" | "config" | "bus" | "media" | "fiscal">,
  log: Log,
): Job {
  const dispatcher = new EventDispatcher(deps, SHOP_REACTIONS, log);
  const stops: (() => unknown)[] = [];
  let prunedAt = 0;
  return {
    name: "domain-events",
    everyMs: 2_000,
    scope: "instance",
    runAtStart: true,
    attach(wake) {
      stops.push(deps.bus.onEventsCommitted(wake));
      void deps.db.listen?.(EVENTS_CHANNEL, wake).then((unlisten) => stops.push(unlisten));
    },
    async run() {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await eventsRepository(deps.db.prisma).prune(new Date(Date.now() - KEEP_DONE_MS));
      }
      return dispatcher.round();
    },
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
      // What this instance claimed and did not finish goes to another instance at once.
      await dispatcher.release().catch(() => undefined);
    },
  };
}
