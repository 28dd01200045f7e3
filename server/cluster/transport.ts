// How the instances of one shop hear each other. On PostgreSQL: LISTEN on one dedicated connection, NOTIFY
// through the pool (no extra service). On the embedded database there is only one instance, so nothing travels.
import { EVENTS_CHANNEL } from "../domain/events/emit.ts";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Database } from "../db/client.ts";
import type { AssigneeChangedEvent, ChargeSettledEvent, ChatEvent, NewOrderEvent, SettingsChangedEvent } from "./events.ts";
import type { SessionsEnded } from "../domain/users/sessions.ts";

const CHAT_CHANNEL = "loja_chat";
const CATALOGUE_CHANNEL = "loja_catalogue";
const SETTINGS_CHANNEL = "loja_settings";
const SESSIONS_CHANNEL = "loja_sessions";
const ORDERS_CHANNEL = "loja_orders";
/** NOTIFY payloads must stay under 8000 bytes; a longer message travels as its id and is read back. */
const MAX_INLINE_PAYLOAD = 7000;

export type RemoteChat = { event: ChatEvent } | { ref: { messageId: string; orderId: string; ownerId: string } };

export interface TransportHandlers {
  chat(remote: RemoteChat): void;
  catalogue(): void;
  settings(event: SettingsChangedEvent): void;
  sessionsEnded(event: SessionsEnded): void;
  newOrder(event: NewOrderEvent): void;
  assigneeChanged(event: AssigneeChangedEvent): void;
  chargeSettled(event: ChargeSettledEvent): void;
  /** Domain events committed (on any instance): the dispatcher runs a round (docs/design/events.md). */
  eventsCommitted(): void;
  /** The LISTEN connection came back after a loss: announcements may have been missed. */
  resumed(): void;
  warn(message: string, error?: unknown): void;
}

export interface Transport {
  readonly kind: "local" | "postgres";
  start(handlers: TransportHandlers): Promise<void>;
  publishChat(event: ChatEvent): Promise<void>;
  publishCatalogue(): Promise<void>;
  publishSettings(event: SettingsChangedEvent): Promise<void>;
  publishSessionsEnded(event: SessionsEnded): Promise<void>;
  publishNewOrder(event: NewOrderEvent): Promise<void>;
  publishAssigneeChanged(event: AssigneeChangedEvent): Promise<void>;
  publishChargeSettled(event: ChargeSettledEvent): Promise<void>;
  close(): Promise<void>;
}

export function localTransport(): Transport {
  return {
    kind: "local",
    start: async () => undefined,
    publishChat: async () => undefined,
    publishCatalogue: async () => undefined,
    publishSettings: async () => undefined,
    publishSessionsEnded: async () => undefined,
    publishNewOrder: async () => undefined,
    publishAssigneeChanged: async () => undefined,
    publishChargeSettled: async () => undefined,
    close: async () => undefined,
  };
}

interface Wire {
  from: string;
  event?: ChatEvent;
  ref?: { messageId: string; orderId: string; ownerId: string };
  settings?: SettingsChangedEvent;
  sessions?: SessionsEnded;
  order?: NewOrderEvent;
  assignee?: AssigneeChangedEvent;
  charge?: ChargeSettledEvent;
}

export function postgresTransport(db: Database): Transport {
  if (!db.url) throw new Error("postgresTransport needs a PostgreSQL connection string");
  const url = db.url;
  // Each instance ignores its own announcements: it has already delivered them locally.
  const instanceId = randomBytes(8).toString("hex");
  let client: pg.Client | undefined;
  let handlers: TransportHandlers | undefined;
  let closed = false;
  let retryDelay = 1000;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (note: pg.Notification) => {
    if (handlers && note.channel === EVENTS_CHANNEL) return handlers.eventsCommitted();
    if (!handlers || !note.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(note.payload) as Wire;
    } catch {
      return;
    }
    if (wire.from === instanceId) return;
    if (note.channel === CATALOGUE_CHANNEL) handlers.catalogue();
    else if (note.channel === CHAT_CHANNEL && wire.event) handlers.chat({ event: wire.event });
    else if (note.channel === CHAT_CHANNEL && wire.ref) handlers.chat({ ref: wire.ref });
    else if (note.channel === SETTINGS_CHANNEL && wire.settings) handlers.settings(wire.settings);
    else if (note.channel === SESSIONS_CHANNEL && wire.sessions) handlers.sessionsEnded(wire.sessions);
    else if (note.channel === ORDERS_CHANNEL && wire.order) handlers.newOrder(wire.order);
    else if (note.channel === ORDERS_CHANNEL && wire.assignee) handlers.assigneeChanged(wire.assignee);
    else if (note.channel === ORDERS_CHANNEL && wire.charge) handlers.chargeSettled(wire.charge);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: "loja-realtime", keepAlive: true });
    next.on("notification", onNotification);
    next.on("error", (error) => {
      handlers?.warn("realtime LISTEN connection failed", error);
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(
      `LISTEN ${CHAT_CHANNEL}; LISTEN ${CATALOGUE_CHANNEL}; LISTEN ${SETTINGS_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}; LISTEN ${ORDERS_CHANNEL}; LISTEN ${EVENTS_CHANNEL}`,
    );
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelay = 1000;
  }

  function lost(which: pg.Client) {
    if (client !== which || closed) return;
    client = undefined;
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => handlers?.resumed(),
        (error: unknown) => {
          handlers?.warn("realtime LISTEN reconnect failed", error);
          retryDelay = Math.min(retryDelay * 2, 5000);
          scheduleReconnect();
        },
      );
    }, retryDelay);
    retryTimer.unref();
  }

  const notify = (channel: string, payload: string) => db.query("SELECT pg_notify($1, $2)", [channel, payload]).then(() => undefined);

  return {
    kind: "postgres",
    async start(h) {
      handlers = h;
      await connect();
    },
    async publishChat(event) {
      const inline = JSON.stringify({ from: instanceId, event } satisfies Wire);
      const payload =
        Buffer.byteLength(inline) <= MAX_INLINE_PAYLOAD
          ? inline
          : JSON.stringify({
              from: instanceId,
              ref: { messageId: event.message._id, orderId: event.orderId, ownerId: event.ownerId },
            } satisfies Wire);
      await notify(CHAT_CHANNEL, payload);
    },
    async publishCatalogue() {
      await notify(CATALOGUE_CHANNEL, JSON.stringify({ from: instanceId } satisfies Wire));
    },
    async publishSettings(event) {
      await notify(SETTINGS_CHANNEL, JSON.stringify({ from: instanceId, settings: event } satisfies Wire));
    },
    async publishSessionsEnded(event) {
      await notify(SESSIONS_CHANNEL, JSON.stringify({ from: instanceId, sessions: event } satisfies Wire));
    },
    async publishNewOrder(order) {
      await notify(ORDERS_CHANNEL, JSON.stringify({ from: instanceId, order } satisfies Wire));
    },
    async publishAssigneeChanged(assignee) {
      await notify(ORDERS_CHANNEL, JSON.stringify({ from: instanceId, assignee } satisfies Wire));
    },
    async publishChargeSettled(charge) {
      await notify(ORDERS_CHANNEL, JSON.stringify({ from: instanceId, charge } satisfies Wire));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
