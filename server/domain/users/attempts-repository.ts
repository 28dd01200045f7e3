// attempt_counters: the only SQL of the attempt limiter. Times come from the database's clock (UTC), so every
// instance agrees on when a window ends.
import type { Db } from "../../db/client.ts";

/** One key's count after a hit, and how long until its window ends. */
export interface CounterState {
  key: string;
  count: number;
  retryAfterMs: number;
}

/**
 * Counts attempts on several keys in one statement (each `by` attempts; the keys must differ): a key's window starts
 * when there is none or it has ended, else the attempts are added. Concurrent calls on one key queue on its row, so
 * the counts they see are exact (1, 2, 3 …), on every instance. The rows are written in key order, so two
 * statements sharing keys lock them in the same order and cannot deadlock.
 */
async function hitMany(db: Db, hits: readonly { key: string; by: number; windowMs: number }[]): Promise<CounterState[]> {
  const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await db.$queryRaw<{ key: string; count: number; retry_after_ms: number }[]>`
      INSERT INTO attempt_counters AS c (key, count, window_ends_at)
      SELECT h.key, h.by, (now() AT TIME ZONE 'UTC') + h.window_ms * interval '1 millisecond'
      FROM unnest(${sorted.map((h) => h.key)}::text[], ${sorted.map((h) => h.by)}::int[], ${sorted.map((h) => Math.round(h.windowMs))}::int[])
           WITH ORDINALITY AS h(key, by, window_ms, n)
      ORDER BY h.n
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.window_ends_at <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED.count ELSE c.count + EXCLUDED.count END,
        window_ends_at = CASE WHEN c.window_ends_at <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
      RETURNING c.key, c.count, CAST(EXTRACT(EPOCH FROM c.window_ends_at - (now() AT TIME ZONE 'UTC')) * 1000 AS integer) AS retry_after_ms`;
  return rows.map((r) => ({ key: r.key, count: r.count, retryAfterMs: r.retry_after_ms }));
}

export const attemptsRepository = (db: Db) => ({
  /** Counts one attempt on `key` (see hitMany). */
  async hit(key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
    const [state] = await hitMany(db, [{ key, by: 1, windowMs }]);
    return { count: state!.count, retryAfterMs: state!.retryAfterMs };
  },
  /** The attempts counted on `key` in its window, without counting one (0 when its window has ended). */
  async peek(key: string): Promise<{ count: number; retryAfterMs: number }> {
    const rows = await db.$queryRaw<{ count: number; retry_after_ms: number }[]>`
      SELECT count, CAST(EXTRACT(EPOCH FROM window_ends_at - (now() AT TIME ZONE 'UTC')) * 1000 AS integer) AS retry_after_ms
      FROM attempt_counters WHERE key = ${key} AND window_ends_at > (now() AT TIME ZONE 'UTC')`;
    return rows[0] ? { count: rows[0].count, retryAfterMs: rows[0].retry_after_ms } : { count: 0, retryAfterMs: 0 };
  },
  hitMany: (hits: readonly { key: string; by: number; windowMs: number }[]) => hitMany(db, hits),
  /** Takes back one attempt (one that turned out to be a success). */
  giveBack: (key: string) => db.$executeRaw`UPDATE attempt_counters SET count = GREATEST(count - 1, 0) WHERE key = ${key}`,
  clear: (key: string) => db.$executeRaw`DELETE FROM attempt_counters WHERE key = ${key}`,
  deleteEnded: () => db.$executeRaw`DELETE FROM attempt_counters WHERE window_ends_at <= (now() AT TIME ZONE 'UTC')`,
});
