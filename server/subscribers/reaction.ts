// What a subscriber is (docs/design/events.md#subscribers): one reaction to some events, under a name that is its
// key in event_reactions. Either kind runs at least once per event; `inTransaction` exactly once.
import type { AppDeps } from "../deps.ts";
import type { Db } from "../db/client.ts";
import type { EventName, StoredEvent } from "../domain/events/catalog.ts";

/** What reactions may use: the database, the notifier, the socket hub, the payment clients, the configuration, the media store and the fiscal provider. */
export type ReactionDeps = Pick<AppDeps, "db" | "notifier" | "hub" | "payments" | "config" | "media" | "fiscal">;

/** What a transactional reaction leaves to do once its transaction committed (pushes, socket frames): best effort. */
export type AfterCommit = (() => void | Promise<void>) | void;

export interface Reaction<N extends EventName = EventName> {
  /** Its key in event_reactions: never rename one that has run in production without a migration. */
  name: string;
  on: readonly N[];
  /**
   * Whether the event concerns this reaction now, asked before its transaction (reads outside it, e.g. who is
   * online: on the embedded database a read outside a transaction waits for the transaction). False: done.
   */
  when?(event: StoredEvent<N>, deps: ReactionDeps): Promise<boolean>;
  /**
   * Database work (the outbox, a chat line), in one transaction with the record that it ran: exactly once per
   * event. What it returns runs after the commit.
   */
  inTransaction?(tx: Db, event: StoredEvent<N>, deps: ReactionDeps): Promise<AfterCommit>;
  /** A call outside (ProxyPay), safe to repeat: recorded as done once it succeeded, so it runs at least once. */
  outside?(event: StoredEvent<N>, deps: ReactionDeps): Promise<void>;
}

/** Declares a reaction with its events' payload types. */
export const reaction = <N extends EventName>(r: Reaction<N>): Reaction => r as unknown as Reaction;
