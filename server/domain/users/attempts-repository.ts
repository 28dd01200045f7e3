// attempt_counters: the only SQL of the attempt limiter. Times come from the database's clock (UTC), so every
// instance agrees on when a window ends.
import type { Db } from "../../db/client.ts";

export const attemptsRepository = (db: Db) => ({
  /**
   * Counts one attempt in one statement: starts a window when there is none or it has ended, else adds one.
   * Concurrent calls on one key queue on its row, so the counts they see are exact (1, 2, 3 …), on every instance.
   */
  async hit(key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
    const rows = await db.$queryRaw<{ count: number; retry_after_ms: number }[]>`
      INSERT INTO attempt_counters AS c (key, count, window_ends_at)
      VALUES (${key}, 1, (now() AT TIME ZONE 'UTC') + CAST(${windowMs} AS integer) * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.window_ends_at <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE c.count + 1 END,
        window_ends_at = CASE WHEN c.window_ends_at <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
      RETURNING c.count, CAST(EXTRACT(EPOCH FROM c.window_ends_at - (now() AT TIME ZONE 'UTC')) * 1000 AS integer) AS retry_after_ms`;
    return { count: rows[0]!.count, retryAfterMs: rows[0]!.retry_after_ms };
  },
  /** The attempts counted on `key` in its window, without counting one (0 when its window has ended). */
  async peek(key: string): Promise<{ count: number; retryAfterMs: number }> {
    const rows = await db.$queryRaw<{ count: number; retry_after_ms: number }[]>`
      SELECT count, CAST(EXTRACT(EPOCH FROM window_ends_at - (now() AT TIME ZONE 'UTC')) * 1000 AS integer) AS retry_after_ms
      FROM attempt_counters WHERE key = ${key} AND window_ends_at > (now() AT TIME ZONE 'UTC')`;
    return rows[0] ? { count: rows[0].count, retryAfterMs: rows[0].retry_after_ms } : { count: 0, retryAfterMs: 0 };
  },
  /** Takes back one attempt (one that turned out to be a success). */
  giveBack: (key: string) => db.$executeRaw`UPDATE attempt_counters SET count = GREATEST(count - 1, 0) WHERE key = ${key}`,
  clear: (key: string) => db.$executeRaw`DELETE FROM attempt_counters WHERE key = ${key}`,
  deleteEnded: () => db.$executeRaw`DELETE FROM attempt_counters WHERE window_ends_at <= (now() AT TIME ZONE 'UTC')`,
});
