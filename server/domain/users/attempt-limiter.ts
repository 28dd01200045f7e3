// Attempts counted per account or per address in a fixed window, stored in the database (attempt_counters) so
// every instance shares the counts: failed sign-ins, sign-ups, phone sign-ins, bank-detail password checks.
// An attempt is counted before it is tried, so concurrent attempts cannot slip past the limit; a successful
// sign-in takes back only its own attempt (nobody's success resets anyone else's failures).
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { attemptsRepository } from "./attempts-repository.ts";

interface AttemptLimit {
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

/** The shop's one "slow down" message (the per-instance request limiter answers with it too). */
export const tooManyRequests = (retryAfterMs: number) =>
  new AppError(429, `Demasiados pedidos. Tente novamente dentro de ${Math.max(1, Math.ceil(retryAfterMs / 1000))} segundos.`);

/** Expired windows are deleted every this many attempts (per instance), so the table stays small. */
const PRUNE_EVERY = 500;

export class AttemptLimiter {
  private attemptsSincePrune = 0;

  constructor(private readonly db: Db) {}

  /** Counts one attempt on `key`; `allowed` is false once the window holds more than `limit.max`. */
  async take(key: string, limit: AttemptLimit): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const repository = attemptsRepository(this.db);
    if (++this.attemptsSincePrune >= PRUNE_EVERY) {
      this.attemptsSincePrune = 0;
      await repository.deleteEnded();
    }
    const { count, retryAfterMs } = await repository.hit(key, limit.windowMs);
    return { allowed: count <= limit.max, retryAfterMs };
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
