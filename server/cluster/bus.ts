// The cluster bus: what one instance of the shop tells the others, and what it does when told. It keeps the
// per-instance caches honest (the product list, the settings placement and mail read, session states) and hands
// the real-time events of other instances to the socket hub. Transport: LISTEN/NOTIFY on PostgreSQL, nothing on
// the embedded database (one instance). See docs/design/realtime.md.
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { ListCache } from "../domain/catalogue/list-cache.ts";
import type { ShopSettingsCache } from "../domain/settings/settings-cache.ts";
import type { Sessions } from "../domain/users/sessions.ts";
import type { AssigneeChangedEvent, ChargeSettledEvent, ChatEvent, NewOrderEvent, SettingsChangedEvent } from "./events.ts";
import { localTransport, postgresTransport, type RemoteChat, type Transport } from "./transport.ts";

interface ClusterBusDeps {
  db: Database;
  sessions: Sessions;
  productListCache: ListCache;
  /** Forgotten on every settings change, here or announced by another instance. */
  shopSettings: Pick<ShopSettingsCache, "forget">;
}

/** What the socket hub hears from other instances. */
interface RemoteEvents {
  chat(remote: RemoteChat): void;
  settings(event: SettingsChangedEvent): void;
  newOrder(event: NewOrderEvent): void;
  assigneeChanged(event: AssigneeChangedEvent): void;
  chargeSettled(event: ChargeSettledEvent): void;
  /** Announcements may have been lost while the bus was disconnected. */
  resumed(): void;
}

export class ClusterBus {
  private readonly transport: Transport;
  private listener: RemoteEvents | undefined;
  private log: Pick<FastifyBaseLogger, "warn"> | undefined;
  private started: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private stopForwarding: (() => void) | undefined;
  private stopSessions: (() => void) | undefined;
  private readonly eventsListeners = new Set<() => void>();

  constructor(private readonly deps: ClusterBusDeps) {
    this.transport = deps.db.kind === "postgres" ? postgresTransport(deps.db) : localTransport();
  }

  get kind(): Transport["kind"] {
    return this.transport.kind;
  }

  /** The socket hub's ears: one listener per instance. */
  listen(listener: RemoteEvents): void {
    this.listener = listener;
  }

  /** Opens the LISTEN connection (PostgreSQL) and starts announcing this instance's cache and session changes. */
  start(log?: Pick<FastifyBaseLogger, "warn">): Promise<void> {
    this.log = log ?? this.log;
    return (this.started ??= (async () => {
      const { productListCache, shopSettings, sessions } = this.deps;
      await this.transport.start({
        chat: (remote) => this.listener?.chat(remote),
        catalogue: () => productListCache.invalidate("remote"),
        settings: (event) => {
          shopSettings.forget();
          this.listener?.settings(event);
        },
        sessionsEnded: (event) => void sessions.ended(event, "remote"),
        newOrder: (event) => this.listener?.newOrder(event),
        assigneeChanged: (event) => this.listener?.assigneeChanged(event),
        chargeSettled: (event) => this.listener?.chargeSettled(event),
        eventsCommitted: () => this.eventsListeners.forEach((wake) => wake()),
        // Announcements may have been lost while disconnected: rebuild the list on next request, read sessions again.
        resumed: () => {
          this.eventsListeners.forEach((wake) => wake());
          productListCache.invalidate("remote");
          shopSettings.forget();
          sessions.forgetAll();
          this.listener?.resumed();
        },
        warn: (message, error) => this.warn(message, error),
      });
      this.stopForwarding = productListCache.onInvalidate(() => {
        this.transport
          .publishCatalogue()
          .catch((error: unknown) => this.warn("could not announce a catalogue change to other instances", error));
      });
      // Awaited by whoever ended the sessions before it answers, so a message sent after a deactivation reaches no
      // closed session on any instance (NOTIFYs arrive in commit order).
      this.stopSessions = sessions.onEnded(async (event, origin) => {
        if (origin === "remote") return;
        try {
          await this.transport.publishSessionsEnded(event);
        } catch (error) {
          this.warn("could not announce ended sessions to other instances", error);
        }
      });
    })());
  }

  /** Called whenever domain events commit on any instance (PostgreSQL); returns how to stop. */
  onEventsCommitted(wake: () => void): () => void {
    this.eventsListeners.add(wake);
    return () => this.eventsListeners.delete(wake);
  }

  // Every publish happens after the change committed: none throws, a lost announcement only delays the others
  // until their caches' safety TTLs.

  async publishChat(event: ChatEvent): Promise<void> {
    await this.transport
      .publishChat(event)
      .catch((error: unknown) => this.warn("could not announce a chat message to other instances", error));
  }

  async publishSettings(event: SettingsChangedEvent): Promise<void> {
    this.deps.shopSettings.forget();
    await this.transport
      .publishSettings(event)
      .catch((error: unknown) => this.warn("could not announce a settings change to other instances", error));
  }

  async publishNewOrder(event: NewOrderEvent): Promise<void> {
    await this.transport
      .publishNewOrder(event)
      .catch((error: unknown) => this.warn("could not announce a new order to other instances", error));
  }

  async publishAssigneeChanged(event: AssigneeChangedEvent): Promise<void> {
    await this.transport
      .publishAssigneeChanged(event)
      .catch((error: unknown) => this.warn("could not announce an assignment to other instances", error));
  }

  async publishChargeSettled(event: ChargeSettledEvent): Promise<void> {
    await this.transport
      .publishChargeSettled(event)
      .catch((error: unknown) => this.warn("could not announce a settled charge to other instances", error));
  }

  close(): Promise<void> {
    return (this.closing ??= (async () => {
      this.stopForwarding?.();
      this.stopSessions?.();
      await this.transport.close();
    })());
  }

  private warn(message: string, error?: unknown): void {
    this.log?.warn({ err: error }, message);
  }
}
