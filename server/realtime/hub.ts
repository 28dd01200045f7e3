// The real-time hub: every open socket, indexed by order room, by customer and by staff. A new message goes
// to the order's room, to every socket of the order's owner (the global notification) and to every staff
// socket, each socket once. Other instances hear of it through the transport (LISTEN/NOTIFY on PostgreSQL),
// and so do catalogue changes, which invalidate the other instances' product list caches, and changes to the
// shop's settings, which every admin socket is told of.
import type { WebSocket } from "ws";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { ListCache } from "../domain/catalogue/list-cache.ts";
import type { TokenService, TokenClaims } from "../domain/users/tokens.ts";
import { findActiveStaff } from "../domain/users/service.ts";
import { findOrderOwner, findSupportMessage } from "../domain/chat/service.ts";
import { toShopperMessage } from "../domain/chat/message-view.ts";
import { CHAT_ORDER_NOT_FOUND } from "../domain/orders/not-found.ts";
import type { ServerFrame } from "../schemas/realtime.ts";
import { Connection, type ConnectionHost } from "./connection.ts";
import type { ChatEvent, ChatPublisher, NewOrderEvent, OrderPublisher, SettingsChangedEvent, SettingsPublisher } from "./events.ts";
import { localTransport, postgresTransport, type RemoteChat, type Transport } from "./transport.ts";

export interface HubTimings {
  /** A socket that has not sent a good token by then gets connect_error and close 4401. */
  authTimeoutMs: number;
  /** Pings go out this often; a socket that missed the previous pong is dropped. */
  heartbeatMs: number;
}

export const DEFAULT_TIMINGS: HubTimings = { authTimeoutMs: 10_000, heartbeatMs: 30_000 };
/** Rooms one socket may be in at once (a customer has one chat open; staff need none). */
const MAX_ROOMS_PER_SOCKET = 50;
/** Order → owner lookups for joins; an order's owner never changes. */
const OWNER_CACHE_SIZE = 10_000;

export interface HubDeps {
  db: Database;
  tokens: TokenService;
  productListCache: ListCache;
}

export interface HubStats {
  sockets: number;
  ready: number;
  staff: number;
  rooms: number;
}

export class Hub implements ChatPublisher, SettingsPublisher, OrderPublisher, ConnectionHost {
  private readonly connections = new Set<Connection>();
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly staff = new Set<Connection>();
  private readonly owners = new Map<string, string>();
  private readonly transport: Transport;
  private timings: HubTimings;
  private heartbeat: NodeJS.Timeout | undefined;
  private log: Pick<FastifyBaseLogger, "warn"> | undefined;
  private started: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private stopForwarding: (() => void) | undefined;

  constructor(
    private readonly deps: HubDeps,
    timings: Partial<HubTimings> = {},
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
    this.transport = deps.db.kind === "postgres" ? postgresTransport(deps.db) : localTransport();
  }

  get authTimeoutMs(): number {
    return this.timings.authTimeoutMs;
  }

  get transportKind(): Transport["kind"] {
    return this.transport.kind;
  }

  /** Opens the LISTEN connection (PostgreSQL), starts the heartbeat and forwards catalogue changes. */
  start(log?: Pick<FastifyBaseLogger, "warn">): Promise<void> {
    this.log = log ?? this.log;
    return (this.started ??= (async () => {
      await this.transport.start({
        chat: (remote) => void this.receive(remote),
        catalogue: () => this.deps.productListCache.invalidate("remote"),
        settings: (event) => this.tellAdmins(event),
        newOrder: (event) => this.tellStaff(event),
        // Announcements may have been lost while disconnected: rebuild the list on next request.
        resumed: () => this.deps.productListCache.invalidate("remote"),
        warn: (message, error) => this.warn(message, error),
      });
      this.stopForwarding = this.deps.productListCache.onInvalidate(() => {
        this.transport.publishCatalogue().catch((error: unknown) => this.warn("could not announce a catalogue change", error));
      });
      this.restartHeartbeat();
    })());
  }

  /** Changes the timings (tests shorten them); the heartbeat restarts with the new period. */
  setTimings(timings: Partial<HubTimings>): void {
    this.timings = { ...this.timings, ...timings };
    if (this.heartbeat) this.restartHeartbeat();
  }

  /** Takes a freshly upgraded socket; the connection speaks the protocol from here. */
  accept(socket: WebSocket): Connection {
    const connection = new Connection(socket, this);
    if (this.closing) {
      connection.close(1001, "server shutting down");
      return connection;
    }
    this.connections.add(connection);
    return connection;
  }

  /** Delivers here at once, then tells the other instances. Never throws: the message is already stored. */
  async publishMessage(event: ChatEvent): Promise<void> {
    this.deliver(event);
    try {
      await this.transport.publishChat(event);
    } catch (error) {
      this.warn("could not announce a chat message to other instances", error);
    }
  }

  /** Tells every admin socket here, then on the other instances. Never throws: the change is already stored. */
  async publishSettingsChanged(event: SettingsChangedEvent): Promise<void> {
    this.tellAdmins(event);
    try {
      await this.transport.publishSettings(event);
    } catch (error) {
      this.warn("could not announce a settings change to other instances", error);
    }
  }

  /** Tells every staff socket here, then on the other instances. Never throws: the order is already stored. */
  async publishNewOrder(event: NewOrderEvent): Promise<void> {
    this.tellStaff(event);
    await this.transport.publishNewOrder(event).catch((error: unknown) => this.warn("could not announce a new order to other instances", error));
  }

  /** One heartbeat round: drops sockets that did not answer the last ping, pings the others. */
  sweep(): void {
    for (const connection of this.connections) connection.ping();
  }

  stats(): HubStats {
    let ready = 0;
    for (const c of this.connections) if (c.isReady) ready++;
    return { sockets: this.connections.size, ready, staff: this.staff.size, rooms: this.rooms.size };
  }

  /** How many sockets are in an order's room (tests and benches wait on joins with it). */
  roomSize(orderId: string): number {
    return this.rooms.get(orderId)?.size ?? 0;
  }

  close(): Promise<void> {
    return (this.closing ??= (async () => {
      clearInterval(this.heartbeat);
      this.stopForwarding?.();
      for (const connection of this.connections) connection.close(1001, "server shutting down");
      await this.transport.close();
    })());
  }

  // ConnectionHost

  async authenticate(token: string): Promise<TokenClaims | undefined> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims || claims.role === "customer") return claims;
    // Staff can be deactivated or demoted at any time: the database has the last word, as on the staff API.
    const user = await findActiveStaff(this.deps.db.prisma, claims.userId);
    if (!user) return undefined;
    return { userId: user.id, role: user.role };
  }

  attach(connection: Connection): void {
    const claims = connection.claims;
    if (!claims || !this.connections.has(connection)) return;
    addTo(this.byUser, claims.userId, connection);
    if (connection.isStaff) this.staff.add(connection);
  }

  detach(connection: Connection): void {
    this.connections.delete(connection);
    this.staff.delete(connection);
    if (connection.claims) removeFrom(this.byUser, connection.claims.userId, connection);
    for (const orderId of connection.rooms) removeFrom(this.rooms, orderId, connection);
    connection.rooms.clear();
  }

  async join(connection: Connection, orderId: string): Promise<string | undefined> {
    const claims = connection.claims;
    if (!claims) return "Autenticação necessária";
    if (connection.rooms.has(orderId)) return undefined;
    if (connection.rooms.size >= MAX_ROOMS_PER_SOCKET) return "Demasiadas conversas abertas nesta ligação";
    const owner = await this.ownerOf(orderId);
    if (!owner || (owner !== claims.userId && !connection.isStaff)) return CHAT_ORDER_NOT_FOUND;
    // The socket may have closed while the order was looked up.
    if (!connection.isReady || !this.connections.has(connection)) return undefined;
    connection.rooms.add(orderId);
    addTo(this.rooms, orderId, connection);
    return undefined;
  }

  leave(connection: Connection, orderId: string): void {
    if (!connection.rooms.delete(orderId)) return;
    removeFrom(this.rooms, orderId, connection);
  }

  warn(message: string, error?: unknown): void {
    this.log?.warn({ err: error }, message);
  }

  // Internals

  private deliver(event: ChatEvent): void {
    const targets = new Set<Connection>();
    for (const c of this.rooms.get(event.orderId) ?? []) targets.add(c);
    for (const c of this.byUser.get(event.ownerId) ?? []) targets.add(c);
    for (const c of this.staff) targets.add(c);
    if (targets.size === 0) return;
    let shopperFrame: Buffer | undefined;
    let staffFrame: Buffer | undefined;
    for (const c of targets) {
      if (!c.isReady) continue;
      if (c.isStaff) c.sendRaw((staffFrame ??= frame({ type: "newMessage", orderId: event.orderId, message: event.message })));
      else c.sendRaw((shopperFrame ??= frame({ type: "newMessage", orderId: event.orderId, message: toShopperMessage(event.message) })));
    }
  }

  /** Admins only: support and customers never hear of settings changes. */
  private tellAdmins(event: SettingsChangedEvent): void {
    let raw: Buffer | undefined;
    for (const c of this.staff) {
      if (c.isReady && c.claims?.role === "admin") c.sendRaw((raw ??= frame({ type: "settingsChanged", by: event.by, byId: event.byId, fields: event.fields })));
    }
  }

  private tellStaff(event: NewOrderEvent): void {
    let raw: Buffer | undefined;
    for (const c of this.staff) if (c.isReady) c.sendRaw((raw ??= frame({ type: "newOrder", orderId: event.orderId, totalAmount: event.totalAmount })));
  }

  private async receive(remote: RemoteChat): Promise<void> {
    if ("event" in remote) {
      this.deliver(remote.event);
      return;
    }
    try {
      const message = await findSupportMessage(this.deps.db.prisma, remote.ref.messageId);
      if (message) this.deliver({ orderId: remote.ref.orderId, ownerId: remote.ref.ownerId, message });
    } catch (error) {
      this.warn("could not read an announced chat message", error);
    }
  }

  private async ownerOf(orderId: string): Promise<string | null> {
    const cached = this.owners.get(orderId);
    if (cached) return cached;
    const owner = await findOrderOwner(this.deps.db.prisma, orderId);
    if (owner) {
      if (this.owners.size >= OWNER_CACHE_SIZE) this.owners.delete(this.owners.keys().next().value as string);
      this.owners.set(orderId, owner);
    }
    return owner;
  }

  private restartHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => this.sweep(), this.timings.heartbeatMs);
    this.heartbeat.unref();
  }
}

const frame = (value: ServerFrame) => Buffer.from(JSON.stringify(value));

function addTo<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
