// Attempts counted per account or per address in a fixed window, stored in the database (attempt_counters) so
// every instance shares the counts: failed sign-ins, sign-ups, phone sign-ins, bank-detail password checks, order
// placements per address and shop-wide, and the per-customer request limits of the shopper routes.
// An attempt is counted before it is tried, so concurrent attempts cannot slip past the limit; a successful
// sign-in takes back only its own attempt (nobody's success resets anyone else's failures).
import type { Db } from "../../db/client.ts";
import { naturalBatch, type NaturalBatchOptions } from "../../db/natural-batch.ts";
import { AppError } from "../errors.ts";
import { attemptsRepository, type CounterState } from "./attempts-repository.ts";

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Failed sign-ins. Per account: a guesser rotating addresses gets 10 tries per 15 minutes at one account. Per
 * address, higher: many Angolan mobile users share one carrier NAT address, whose honest failures add up.
 */
export const LOGIN_LIMITS = {
  perAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  perAddress: { max: 50, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, AttemptLimit>;

/** Phone sign-ins per address: each costs a signature check and maybe a key fetch. */
export const PHONE_LOGIN_LIMIT: AttemptLimit = { max: 30, windowMs: 60_000 };

/** The shop's one "slow down" message (the request limiter answers with it too). */
export const tooManyRequests = (retryAfterMs: number) =>
  new AppError(429, `Demasiados pedidos. Tente novamente dentro de ${Math.max(1, Math.ceil(retryAfterMs / 1000))} segundos.`);

/** Expired windows are deleted every this many attempts (per instance), so the table stays small. */
const PRUNE_EVERY = 500;

/**
 * How request counts are batched (server/db/natural-batch.ts): every limited shopper request counts one, so under
 * load the counts waiting share one statement. PGlite answers within the turn: gather for one turn, one at a time.
 */
const REQUEST_BATCH: NaturalBatchOptions = { concurrency: 2, maxBatch: 200 };
const REQUEST_BATCH_EMBEDDED: NaturalBatchOptions = { concurrency: 1, maxBatch: 200, gatherTurn: true };

/** One request counted on `key` in a window of `windowMs`. */
interface RequestHit {
  key: string;
  windowMs: number;
}

/**
 * Counts a batch of requests in one statement: the same key asked n times is counted n at once, and its callers
 * learn the counts 1…n above what it held before (so exactly the requests beyond the limit are refused).
 */
async function countBatch(db: Db, hits: readonly RequestHit[]): Promise<PromiseSettledResult<CounterState>[]> {
  const byKey = new Map<string, { key: string; by: number; windowMs: number }>();
  for (const h of hits) {
    const seen = byKey.get(h.key);
    if (seen) seen.by++;
    else byKey.set(h.key, { key: h.key, by: 1, windowMs: h.windowMs });
  }
  const states = new Map((await attemptsRepository(db).hitMany([...byKey.values()])).map((s) => [s.key, s]));
  const handedOut = new Map<string, number>();
  return hits.map((h) => {
    const state = states.get(h.key)!;
    const nth = (handedOut.get(h.key) ?? 0) + 1;
    handedOut.set(h.key, nth);
    return { status: "fulfilled", value: { ...state, count: state.count - byKey.get(h.key)!.by + nth } };
  });
}

export class AttemptLimiter {
  private attemptsSincePrune = 0;
  private readonly countRequest: (hit: RequestHit) => Promise<CounterState>;

  constructor(
    private readonly db: Db,
    options: { embedded?: boolean } = {},
  ) {
    this.countRequest = naturalBatch(
      (hits: readonly RequestHit[]) => countBatch(db, hits),
      options.embedded ? REQUEST_BATCH_EMBEDDED : REQUEST_BATCH,
    );
  }

  private async pruneNow(): Promise<void> {
    if (++this.attemptsSincePrune < PRUNE_EVERY) return;
    this.attemptsSincePrune = 0;
    await attemptsRepository(this.db).deleteEnded();
  }

  /** Counts one attempt on `key`; `allowed` is false once the window holds more than `limit.max`. */
  async take(key: string, limit: AttemptLimit): Promise<{ allowed: boolean; retryAfterMs: number }> {
    await this.pruneNow();
    const { count, retryAfterMs } = await attemptsRepository(this.db).hit(key, limit.windowMs);
    return { allowed: count <= limit.max, retryAfterMs };
  }

  /**
   * Counts one attempt on each key in one statement; answers the first key (in the order given) whose window now
   * holds more than its `max`, or null when every one allows it.
   */
  async takeAll(limits: readonly { key: string; limit: AttemptLimit }[]): Promise<{ key: string; retryAfterMs: number } | null> {
    await this.pruneNow();
    const states = new Map(
      (await attemptsRepository(this.db).hitMany(limits.map(({ key, limit }) => ({ key, by: 1, windowMs: limit.windowMs })))).map((s) => [
        s.key,
        s,
      ]),
    );
    const over = limits.find(({ key, limit }) => states.get(key)!.count > limit.max);
    return over ? { key: over.key, retryAfterMs: states.get(over.key)!.retryAfterMs } : null;
  }

  /**
   * One request of a limited route (the request limiter's store, plugins/request-limits.ts): counted in the database
   * like every attempt, so all instances share one allowance; under load the counts share a statement.
   */
  async request(key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
    await this.pruneNow();
    const { count, retryAfterMs } = await this.countRequest({ key, windowMs });
    return { count, retryAfterMs };
  }

  /** take, refusing with the shop's 429 message when over the limit. */
  async takeOrRefuse(key: string, limit: AttemptLimit): Promise<void> {
    const { allowed, retryAfterMs } = await this.take(key, limit);
    if (!allowed) throw tooManyRequests(retryAfterMs);
  }

  /** Whether `key` already holds `limit.max` attempts in its window; counts nothing (a success checked against failures). */
  async reached(key: string, limit: AttemptLimit): Promise<{ reached: boolean; retryAfterMs: number }> {
    const { count, retryAfterMs } = await attemptsRepository(this.db).peek(key);
    return { reached: count >= limit.max, retryAfterMs };
  }

  /** Takes back one attempt on `key` (it succeeded: it was no failure). */
  async giveBack(key: string): Promise<void> {
    await attemptsRepository(this.db).giveBack(key);
  }

  /** Forgets every attempt on `key` (its owner proved who they are). */
  async clear(key: string): Promise<void> {
    await attemptsRepository(this.db).clear(key);
  }
}
