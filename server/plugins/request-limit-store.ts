// Where the request limiter (@fastify/rate-limit) keeps its counts: in the database's attempt_counters, through the
// attempt limiter (server/domain/users/attempt-limiter.ts), so every instance shares one allowance per customer and
// per address. In memory, each instance counted its own: two replicas let a customer make twice the writes.
// Each route counts apart, as the library's own store does (a key is the route plus the customer or address).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { AttemptLimiter } from "../domain/users/attempt-limiter.ts";

/** What the library passes a store: its options, with the route they are for (its declared type says otherwise). */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store class bound to the app's attempt limiter (the library builds it, then one child per limited route). */
export function databaseRequestStore(attempts: AttemptLimiter): FastifyRateLimitStoreCtor {
  class DatabaseRequestStore {
    private readonly scope: string;

    constructor(params: StoreParams) {
      const route = params.routeInfo;
      this.scope = route?.url ? `${[route.method ?? ""].flat().join(",")} ${route.url}` : "*";
    }

    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      attempts.request(`request:${this.scope}:${key}`, timeWindow).then(
        ({ count, retryAfterMs }) => done(null, { current: count, ttl: Math.max(0, retryAfterMs) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: object): FastifyRateLimitStore {
      return new DatabaseRequestStore(params as StoreParams) as unknown as FastifyRateLimitStore;
    }
  }
  return DatabaseRequestStore as unknown as FastifyRateLimitStoreCtor;
}
