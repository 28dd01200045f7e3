// The embedded database answers inside the call, so without care a queue of waiting queries runs in one go while
// no socket is read or written (server/db/client.ts: oneQueryPerTurn). Counted in event-loop turns, not time.
// One database for the file, opened with the operator's buffer pool: each open costs seconds of CPU.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteBufferMb } from "../../server/config.ts";
import { createPglite, openPglite, type Database } from "../../server/db/client.ts";

describe("Prisma on PGlite", () => {
  let db: Database;
  beforeAll(async () => {
    vi.stubEnv("PGLITE_SHARED_BUFFERS_MB", "24");
    try {
      db = await openPglite(await createPglite());
    } finally {
      vi.unstubAllEnvs();
    }
  }, 120_000);
  afterAll(() => db?.close());

  it("answers queued queries one per event-loop turn, so I/O is served between any two of them", async () => {
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const answeredAt = await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.prisma.$queryRaw<{ n: number }[]>`SELECT ${i}::int AS n`.then((rows) => [rows[0]!.n, turn])),
    );
    counting = false;
    expect(answeredAt.map(([n]) => n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const turns = answeredAt.map(([, t]) => t);
    expect(new Set(turns).size, `turns: ${turns.join(",")}`).toBe(20);
  });

  it("opens with the operator's buffer pool (PGLITE_SHARED_BUFFERS_MB, PostgreSQL's 128 MB by default) and creates WAL segments without zero-filling them", async () => {
    // docs/design/operations.md#the-embedded-databases-buffer-pool; docs/design/performance.md#bank-statement-import
    // (without it, a 16 MB write of zeros inside whichever statement crossed a segment's boundary).
    expect(pgliteBufferMb({})).toBe(128);
    const setting = async (name: string) =>
      (await db.prisma.$queryRawUnsafe<{ value: string }[]>(`SELECT current_setting('${name}') AS value`))[0]!.value;
    expect(await setting("shared_buffers")).toBe("24MB");
    expect(await setting("wal_init_zero")).toBe("off");
  });
});
