// How the domain says what happened: the events are written in the caller's transaction, so they exist exactly
// when the change committed (docs/design/events.md). The NOTIFY is delivered at the commit to every instance's
// dispatcher (none when the transaction rolls back), which runs the reactions at once instead of at its next poll.
import type { Db } from "../../db/client.ts";
import type { DomainEvent } from "./catalog.ts";
import { eventsRepository } from "./repository.ts";

/** PostgreSQL's (and PGlite's) channel the dispatchers LISTEN on. */
export const EVENTS_CHANNEL = "loja_events";

export async function emitEvents(tx: Db, ...events: DomainEvent[]): Promise<void> {
  if (!events.length) return;
  await eventsRepository(tx).insert(events);
  await tx.$executeRawUnsafe(`SELECT pg_notify('${EVENTS_CHANNEL}', '')`);
}
