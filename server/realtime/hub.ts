// The real-time hub: every open socket, indexed by order room, by customer and by staff. A new message goes
// to the order's room, to every socket of the order's owner (the global notification) and to every staff
// socket, each socket once. Other instances hear of it through the cluster bus (server/cluster/), and the hub
// delivers what they announce to its own sockets.
import type { WebSocket } from "ws";
import { LRUCache } from "lru-cache";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { TokenService, TokenClaims } from "../domain/users/tokens.ts";
import type { Sessions, SessionsEnded } from "../domain/users/sessions.ts";
import { findOrderOwner, findSupportMessage } from "../domain/chat/service.ts";
import { toShopperMessage } from "../domain/chat/message-view.ts";
import { CHAT_ORDER_NOT_FOUND } from "../domain/orders/not-found.ts";
import type { ServerFrame } from "../schemas/realtime.ts";
import { Connection, type ConnectionHost } from "./connection.ts";
import { CLOSE_RECONNECT } from "../../shared/realtime.ts";
import type {
  AssigneeChangedEvent,
  AssignmentPublisher,
  ChargeSettledEvent,
  ChatEvent,
  ChatPublisher,
  NewOrderEvent,
  OrderPublisher,
  SettingsChangedEvent,
  SettingsPublisher,
} from "../cluster/events.ts";
import type { ClusterBus } from "../cluster/bus.ts";
import type { RemoteChat } from "../cluster/transport.ts";

interface HubTimings {
  /** A socket that has not sent a good token by then gets connect_error and close 4401. */
  authTimeoutMs: number;
  /** Pings go out this often; a socket that missed the previous pong is dropped. */
  heartbeatMs: number;
}

const DEFAULT_TIMINGS: HubTimings = { authTimeoutMs: 10_000, heartbeatMs: 30_000 };
/** Rooms one socket may be in at once (a customer has one chat open; staff need none). */
const MAX_ROOMS_PER_SOCKET = 50;
/** Order → owner lookups for joins; an order's owner never changes. */
const OWNER_CACHE_SIZE = 10_000;

interface HubLimits {
  /** Open sockets one account may hold at once (tabs and devices); the next one is refused. */
  socketsPerUser: number;
  /** Sockets one address may hold before sending a good token. */
  unauthenticatedPerAddress: number;
  /** How long an order id found unknown is answered from memory (joins of made-up ids cost no query). */
  unknownOrderTtlMs: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = { socketsPerUser: 20, unauthenticatedPerAddress: 50, unknownOrderTtlMs: 30_000 };
const UNKNOWN_ORDER_CACHE_SIZE = 10_000;
const TOO_MANY_SOCKETS = "Demasiadas ligações abertas. Feche outros separadores e tente novamente.";

interface HubDeps {
  db: Database;
  tokens: TokenService;
  sessions: Sessions;
  /** How this instance hears the others (and tells them). */
  bus: ClusterBus;
}

export interface HubStats {
  sockets: number;
  ready: number;
  staff: number;
  rooms: number;
  /** Order owner lookups that reached the database (joins answered from memory do not count). */
  ownerLookups: number;
}

export class Hub implements ChatPublisher, SettingsPublisher, OrderPublisher, AssignmentPublisher, ConnectionHost {
  private readonly connections = new Set<Connection>();
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly staff = new Set<Connection>();
  private readonly owners = new Map<string, string>();
  private readonly unknownOrders: LRUCache<string, true>;
  private ownerLookups = 0;
  private readonly lookups = new Map<string, Promise<string | null>>();
  /** Sockets that have not authenticated yet, by client address. */
  private readonly waiting = new Map<string, Set<Connection>>();
  private readonly limits: HubLimits;
  private stopSessions: (() => void) | undefined;
  private timings: HubTimings;
  private heartbeat: NodeJS.Timeout | undefined;
  private log: Pick<FastifyBaseLogger, "warn"> | undefined;
  private started: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly deps: HubDeps,
    timings: Partial<HubTimings> = {},
    limits: Partial<HubLimits> = {},
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
    this.limits = { ...DEFAULT_HUB_LIMITS, ...limits };
    this.unknownOrders = new LRUCache({ max: UNKNOWN_ORDER_CACHE_SIZE, ttl: this.limits.unknownOrderTtlMs });
  }

  get authTimeoutMs(): number {
    return this.timings.authTimeoutMs;
  }

  /** Listens to the other instances (through the bus, started before the hub) and starts the heartbeat. */
  start(log?: Pick<FastifyBaseLogger, "warn">): Promise<void> {
    this.log = log ?? this.log;
    return (this.started ??= (async () => {
      this.deps.bus.listen({
        chat: (remote) => void this.receive(remote),
        settings: (event) => this.tellAdmins(event),
        newOrder: (event) => this.tellStaff(event),
        assigneeChanged: (event) => this.tellStaffAssignee(event),
        chargeSettled: (event) => this.tellOwner(event),
        resumed: () => void this.recheckSessions(),
      });
      // Ended here or announced by another instance: this instance's sockets of those sessions close at once.
      this.stopSessions = this.deps.sessions.onEnded((event) => this.endSessions(event));
      this.restartHeartbeat();
    })());
  }

  /** Changes the timings (tests shorten them); the heartbeat restarts with the new period. */
  setTimings(timings: Partial<HubTimings>): void {
    this.timings = { ...this.timings, ...timings };
    if (this.heartbeat) this.restartHeartbeat();
  }

  /** Takes a freshly upgraded socket; the connection speaks the protocol from here. */
  accept(socket: WebSocket, address: string): Connection {
    const connection = new Connection(socket, this, address);
    if (this.closing) {
      connection.close(CLOSE_RECONNECT, "server restarting");
      return connection;
    }
    if ((this.waiting.get(address)?.size ?? 0) >= this.limits.unauthenticatedPerAddress) {
      connection.refuseWith(TOO_MANY_SOCKETS, "too many sockets");
      return connection;
    }
    this.connections.add(connection);
    addTo(this.waiting, address, connection);
    return connection;
  }

  // Each publish delivers here at once, then tells the other instances. None throws: the change is already stored.

  async publishMessage(event: ChatEvent): Promise<void> {
    this.deliver(event);
    await this.deps.bus.publishChat(event);
  }

  /** Admin sockets only; the bus also forgets the settings this instance keeps in memory. */
  async publishSettingsChanged(event: SettingsChangedEvent): Promise<void> {
    this.tellAdmins(event);
    await this.deps.bus.publishSettings(event);
  }

  async publishNewOrder(event: NewOrderEvent): Promise<void> {
    this.tellStaff(event);
    await this.deps.bus.publishNewOrder(event);
  }

  async publishAssigneeChanged(event: AssigneeChangedEvent): Promise<void> {
    this.tellStaffAssignee(event);
    await this.deps.bus.publishAssigneeChanged(event);
  }

  async publishChargeSettled(event: ChargeSettledEvent): Promise<void> {
    this.tellOwner(event);
    await this.deps.bus.publishChargeSettled(event);
  }

  /** One heartbeat round: drops sockets that did not answer the last ping, pings the others. */
  sweep(): void {
    for (const connection of this.connections) connection.ping();
    void this.recheckSessions();
  }

  stats(): HubStats {
    let ready = 0;
    for (const c of this.connections) if (c.isReady) ready++;
    return { sockets: this.connections.size, ready, staff: this.staff.size, rooms: this.rooms.size, ownerLookups: this.ownerLookups };
  }

  /** How many sockets are in an order's room (tests and benches wait on joins with it). */
  /** Sockets open on this instance, signed in or not (the metrics). */
  get openSockets(): number {
    return this.connections.size;
  }

  roomSize(orderId: string): number {
    return this.rooms.get(orderId)?.size ?? 0;
  }

  /** Who has a signed-in socket here, staff or not (notifications keep cross-instance presence from it). */
  presentUsers(): { userId: string; staff: boolean }[] {
    return [...this.byUser].map(([userId, connections]) => ({ userId, staff: [...connections].some((c) => c.isStaff) }));
  }

  close(): Promise<void> {
    return (this.closing ??= (async () => {
      clearInterval(this.heartbeat);
      this.stopSessions?.();
      for (const connection of this.connections) connection.close(CLOSE_RECONNECT, "server restarting");
    })());
  }

  // ConnectionHost

  /** As on the API: a good signature and a session still open (the role is the account's current one). */
  async authenticate(token: string): Promise<TokenClaims | undefined> {
    const claims = await this.deps.tokens.verify(token);
    return claims && this.deps.sessions.check(claims);
  }

  attach(connection: Connection): string | undefined {
    const claims = connection.claims;
    if (!claims || !this.connections.has(connection)) return undefined;
    removeFrom(this.waiting, connection.address, connection);
    if ((this.byUser.get(claims.userId)?.size ?? 0) >= this.limits.socketsPerUser) return TOO_MANY_SOCKETS;
    addTo(this.byUser, claims.userId, connection);
    if (connection.isStaff) this.staff.add(connection);
    return undefined;
  }

  detach(connection: Connection): void {
    this.connections.delete(connection);
    removeFrom(this.waiting, connection.address, connection);
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
      if (c.isReady && c.claims?.role === "admin")
        c.sendRaw((raw ??= frame({ type: "settingsChanged", by: event.by, byId: event.byId, fields: event.fields })));
    }
  }

  private tellStaff(event: NewOrderEvent): void {
    let raw: Buffer | undefined;
    for (const c of this.staff)
      if (c.isReady) c.sendRaw((raw ??= frame({ type: "newOrder", orderId: event.orderId, totalAmount: event.totalAmount })));
  }

  /** The order's shopper only, on every socket of theirs here. */
  private tellOwner(event: ChargeSettledEvent): void {
    let raw: Buffer | undefined;
    for (const c of this.byUser.get(event.ownerId) ?? [])
      if (c.isReady && !c.isStaff)
        c.sendRaw((raw ??= frame({ type: "chargeSettled", orderId: event.orderId, chargeId: event.chargeId, status: event.status })));
  }

  private tellStaffAssignee(event: AssigneeChangedEvent): void {
    let raw: Buffer | undefined;
    for (const c of this.staff)
      if (c.isReady)
        c.sendRaw((raw ??= frame({ type: "assigneeChanged", orderId: event.orderId, assignee: event.assignee, byId: event.byId })));
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
    // Made-up ids sent in a loop are answered from memory; the TTL lets an id that was not yet committed be found later.
    if (this.unknownOrders.has(orderId)) return null;
    // Joins of one id arriving together share one query.
    let lookup = this.lookups.get(orderId);
    if (!lookup) {
      this.ownerLookups++;
      lookup = findOrderOwner(this.deps.db.prisma, orderId).finally(() => this.lookups.delete(orderId));
      this.lookups.set(orderId, lookup);
    }
    const owner = await lookup;
    if (owner) {
      if (this.owners.size >= OWNER_CACHE_SIZE) this.owners.delete(this.owners.keys().next().value as string);
      this.owners.set(orderId, owner);
    } else this.unknownOrders.set(orderId, true);
    return owner;
  }

  /** Closes (4401) this instance's sockets of sessions that ended; they are forgotten at once, before the close completes. */
  private endSessions(event: SessionsEnded): void {
    for (const connection of [...(this.byUser.get(event.userId) ?? [])]) {
      const claims = connection.claims;
      if (!claims || claims.sessionVersion >= event.version) continue;
      if (event.renewed && event.renewed === connection.tokenDigest) connection.claims = { ...claims, sessionVersion: event.version };
      else this.endSession(connection);
    }
  }

  private endSession(connection: Connection): void {
    connection.endSession();
    this.detach(connection);
  }

  /**
   * The safety net for an announcement that never arrived: every open socket's session is checked again (from
   * the sessions cache, so at most one query per account per TTL), one account at a time.
   */
  private async recheckSessions(): Promise<void> {
    for (const set of [...this.byUser.values()]) {
      for (const connection of [...set]) {
        if (!connection.claims || !connection.isReady) continue;
        try {
          if (!(await this.deps.sessions.check(connection.claims))) this.endSession(connection);
        } catch (error) {
          this.warn("could not check a socket's session", error);
          return;
        }
      }
    }
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
