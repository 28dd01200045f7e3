// Recurring jobs (server/jobs/job.ts): a round never overlaps the previous one, wake() runs one at once, stop()
// waits for the round in flight, and a cluster job's round runs on one instance at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, type TestApp } from "../helpers/app.ts";
import { startJob, type Job } from "../../server/jobs/job.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const silent = { warn: () => undefined };

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("a recurring job", () => {
  it("never overlaps its own rounds, runs at once when woken, and stop() waits for the round in flight", async () => {
    let active = 0;
    let maxActive = 0;
    let rounds = 0;
    const release = gate();
    const started = gate();
    const job: Job = {
      name: "test-overlap",
      everyMs: 1,
      scope: "instance",
      runAtStart: true,
      async run() {
        active++;
        maxActive = Math.max(maxActive, active);
        rounds++;
        if (rounds === 1) {
          started.open();
          await release.opened;
        }
        active--;
      },
    };
    const running = startJob(job, { db: t.db, log: silent });
    await started.opened;
    running.wake();
    running.wake();
    release.open();
    while (rounds < 5) await new Promise((r) => setImmediate(r));
    await running.stop();
    const after = rounds;
    await new Promise((r) => setTimeout(r, 20));
    expect(maxActive).toBe(1);
    expect(rounds).toBe(after);
  });

  it("keeps running after a failed round", async () => {
    let rounds = 0;
    const warnings: string[] = [];
    const running = startJob(
      {
        name: "test-failing",
        everyMs: 1,
        scope: "instance",
        runAtStart: true,
        async run() {
          rounds++;
          if (rounds === 1) throw new Error("boom");
        },
      },
      { db: t.db, log: { warn: (_obj: unknown, message?: string) => void warnings.push(String(message)) } },
    );
    while (rounds < 3) await new Promise((r) => setImmediate(r));
    await running.stop();
    expect(warnings).toEqual(["test-failing: round failed"]);
  });
});

describe("a cluster job's round", () => {
  it("runs on one instance at a time: the other skips while it holds the lock, and runs once it is free", async () => {
    const other = t.db.kind === "postgres" ? await buildOtherInstance(t) : undefined;
    try {
      const hold = gate();
      const first = t.db.onlyOneInstance("loja-job:test", async () => {
        await hold.opened;
        return "first";
      });
      // PGlite: one instance per data dir, so the lock is never contended (the data-dir lock keeps it that way).
      if (other) {
        await new Promise((r) => setTimeout(r, 50));
        expect(await other.db.onlyOneInstance("loja-job:test", async () => "second")).toBeUndefined();
      }
      hold.open();
      expect(await first).toBe("first");
      if (other) expect(await other.db.onlyOneInstance("loja-job:test", async () => "second")).toBe("second");
    } finally {
      await other?.close();
    }
  });
});
