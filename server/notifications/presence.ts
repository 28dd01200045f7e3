// Is a shopper (or any staff member) online anywhere? Each instance's hub knows only its own sockets, so every
// instance writes them to realtime_presence every PRESENCE_REFRESH_MS; a question is answered from this
// instance's hub (always current) plus the other instances' fresh rows. A shopper who closed the page on another
// instance still counts as online for at most PRESENCE_TTL_MS, which the 2-minute e-mail promise leaves room for.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { PrismaClient } from "../db/client.ts";
import { presenceRepository, type PresentUser } from "./presence-repository.ts";

export const PRESENCE_REFRESH_MS = 10_000;
const PRESENCE_TTL_MS = 3 * PRESENCE_REFRESH_MS;

/** What the hub tells of its own sockets. */
export interface LocalPresence {
  presentUsers(): PresentUser[];
}

interface OnlineSnapshot {
  isOnline(userId: string): boolean;
}

export class Presence {
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

  constructor(
    private readonly db: PrismaClient,
    private readonly local: LocalPresence,
  ) {}

  /** Writes this instance's sockets and drops rows no instance refreshed for a long time. */
  async refresh(now = new Date()): Promise<void> {
    const repo = presenceRepository(this.db);
    await repo.replace(this.instanceId, this.local.presentUsers(), now);
    await repo.removeOlderThan(new Date(now.getTime() - 10 * PRESENCE_TTL_MS));
  }

  async snapshot(now = new Date()): Promise<OnlineSnapshot> {
    const users = [
      ...this.local.presentUsers(),
      ...(await presenceRepository(this.db).othersSince(this.instanceId, new Date(now.getTime() - PRESENCE_TTL_MS))),
    ];
    const online = new Set(users.map((u) => u.userId));
    return { isOnline: (userId) => online.has(userId) };
  }

  /** Any staff socket here (no query) or on another instance. */
  async staffOnline(now = new Date()): Promise<boolean> {
    if (this.local.presentUsers().some((u) => u.staff)) return true;
    return (await presenceRepository(this.db).othersSince(this.instanceId, new Date(now.getTime() - PRESENCE_TTL_MS))).some((u) => u.staff);
  }

  /** On shutdown: this instance's sockets are gone. */
  stop(): Promise<void> {
    return presenceRepository(this.db).removeInstance(this.instanceId);
  }
}
