// The embedded database answers inside the call, so without care a queue of waiting queries runs in one go while
// no socket is read or written (server/db/client.ts: oneQueryPerTurn). Counted in event-loop turns, not time.
import { describe, expect, it, vi } from "vitest";
import { createPglite, openPglite } from "../../server/db/client.ts";

describe("Prisma on PGlite", () => {
  it("answers queued queries one per event-loop turn, so I/O is served between any two of them", async () => {
    const db = await openPglite(await createPglite());
    try {
      let turn = 0;
      let counting = true;
      const count = () => {
        turn++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const answeredAt = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.prisma.$queryRaw<{ n: number }[]>`SELECT ${i}::int AS n`.then((rows) => [rows[0]!.n, turn]),
        ),
      );
      counting = false;
      expect(answeredAt.map(([n]) => n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      const turns = answeredAt.map(([, t]) => t);
      expect(new Set(turns).size, `turns: ${turns.join(",")}`).toBe(20);
    } finally {
      await db.close();
    }
  });

  it("opens with the operator's buffer pool (PGLITE_SHARED_BUFFERS_MB), PostgreSQL's 128 MB by default", async () => {
    // docs/design/operations.md#the-embedded-databases-buffer-pool
    for (const [value, shown] of [
      [undefined, "128MB"],
      ["24", "24MB"],
    ] as const) {
      vi.stubEnv("PGLITE_SHARED_BUFFERS_MB", value);
      const pglite = await createPglite();
      try {
        expect((await pglite.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows[0]!.shared_buffers).toBe(shown);
      } finally {
        await pglite.close();
        vi.unstubAllEnvs();
      }
    }
  });

  it("creates WAL segments without zero-filling them (a 16 MB write inside whichever statement crossed the boundary)", async () => {
    // docs/design/performance.md#bank-statement-import
    const pglite = await createPglite();
    try {
      expect((await pglite.query<{ wal_init_zero: string }>("SHOW wal_init_zero")).rows[0]!.wal_init_zero).toBe("off");
    } finally {
      await pglite.close();
    }
  });
});
