// Sessions that can end. Every token carries its account's session version (claim `sv`); raising the version in
// the database (logout, password change or reset, deactivation, role change) refuses every older token. Checking
// the database on each request would cost a round trip per cart write, so the answer is cached per account: the
// instance that ends a session forgets its entry at once and tells the others (the hub's transport), and a short
// TTL bounds how long a lost announcement can leave a stale entry.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.ts";
import { usersRepository, type SessionState } from "./repository.ts";
import type { Role, TokenClaims } from "./tokens.ts";

/**
 * How long an account's state is trusted without hearing of a change: the safety net, not the mechanism (ends are
 * announced to every instance, and a lost LISTEN connection forgets everything when it comes back). 30 s rather
 * than 5: with a thousand shoppers active, each account's state was read again every 5 s.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Accounts remembered at once: every shopper active within the TTL fits many times over. */
const SESSION_CACHE_SIZE = 50_000;

/** A session ended: tokens of `userId` signed with a version below `version` are no longer accepted. */
export interface SessionsEnded {
  userId: string;
  version: number;
  /**
   * A password change: the caller's own token (as `tokenDigest`) continues in the new session, so the sockets it
   * opened are carried over instead of being closed (the caller was not logged out).
   */
  renewed?: string;
}

/** Names a token in announcements without carrying it (a digest cannot be used to sign in). */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("base64url").slice(0, 22);

/** Told of every ended session (the hub closes sockets; for local ends it also tells the other instances). */
type SessionsListener = (event: SessionsEnded, origin: "local" | "remote") => Promise<void> | void;

export class Sessions {
  private readonly states: LRUCache<string, SessionState>;
  /** Reads in flight: concurrent requests of one account share one query, and a read started before an end is not kept. */
  private readonly reading = new Map<string, Promise<SessionState | null>>();
  private readonly listeners = new Set<SessionsListener>();

  constructor(
    private readonly db: Db,
    ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    this.states = new LRUCache({ max: SESSION_CACHE_SIZE, ttl: ttlMs });
  }

  /**
   * The token's claims with the account's current role when its session is still open (account active, version
   * unchanged); undefined when it ended. Usually answered from memory.
   */
  async check(claims: TokenClaims): Promise<(TokenClaims & { role: Role }) | undefined> {
    const state = this.states.get(claims.userId) ?? (await this.read(claims.userId));
    if (!state || !state.active || state.sessionVersion !== claims.sessionVersion) return undefined;
    return { userId: claims.userId, role: state.role, sessionVersion: claims.sessionVersion };
  }

  /**
   * Ends every session of the account opened before now: call it after the transaction that raised the version
   * (`usersRepository.endSessions`) committed. Resolves once every instance was told (as far as the transport knows).
   */
  async ended(event: SessionsEnded, origin: "local" | "remote" = "local"): Promise<void> {
    this.forget(event.userId);
    for (const listener of this.listeners) {
      try {
        await listener(event, origin);
      } catch {
        // A listener that could not announce leaves the TTL to catch up: the session is ended in the database.
      }
    }
  }

  /** Raises the version now (no other change with it) and ends the sessions: logout. */
  async endAll(userId: string): Promise<void> {
    const version = await usersRepository(this.db).endSessions(userId);
    await this.ended({ userId, version });
  }

  /**
   * The account as its sessions are checked (name, e-mail and notification choices included), usually from memory:
   * at most the TTL old on another instance than the one that changed it.
   */
  account(userId: string): Promise<SessionState | null> {
    const state = this.states.get(userId);
    return state ? Promise.resolve(state) : this.read(userId);
  }

  /** The account changed without ending its sessions (name, e-mail, notification choices): read it again. */
  changed(userId: string): void {
    this.forget(userId);
  }

  onEnded(listener: SessionsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announcements may have been lost (transport reconnected): read every account again. */
  forgetAll(): void {
    this.states.clear();
    this.reading.clear();
  }

  private forget(userId: string): void {
    this.states.delete(userId);
    this.reading.delete(userId);
  }

  private read(userId: string): Promise<SessionState | null> {
    const pending = this.reading.get(userId);
    if (pending) return pending;
    const read = usersRepository(this.db)
      .sessionState(userId)
      .then(
        (state) => {
          // Kept only if no end was heard while reading (it would be older than the end).
          if (this.reading.get(userId) === read) {
            this.reading.delete(userId);
            if (state) this.states.set(userId, state);
          }
          return state;
        },
        (error: unknown) => {
          if (this.reading.get(userId) === read) this.reading.delete(userId);
          throw error;
        },
      );
    this.reading.set(userId, read);
    return read;
  }
}
