// Recurring jobs (server/ops/job-runner.ts): a round never overlaps the previous one, wake() runs one at once, stop()
// waits for the round in flight, and a cluster job's round runs on one instance at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, type TestApp } from "../helpers/app.ts";
import { startJob, type Job } from "../../server/ops/job-runner.ts";
import { shopJobs } from "../../server/jobs/index.ts";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

describe("the shop's recurring work", () => {
  it("runs every timer whose work is shared once per cluster: payment deadlines (with reminders and ProxyPay polling), reply digests, cart reminders and picture renditions hold the cluster lock; presence is each instance's own; new orders' notices are claimed row by row", () => {
    const scopes = Object.fromEntries(shopJobs(t.deps, t.app.log).map((job) => [job.name, job.scope]));
    // placed-order notices run on every instance (the one that placed the order is woken at once); each round
    // claims its orders FOR UPDATE SKIP LOCKED (mail-flows: two instances write one order's mails once).
    expect(scopes).toEqual({
      "payment-deadlines": "cluster",
      "domain-events": "instance",
      presence: "instance",
      "reply-digest": "cluster",
      "cart-reminders": "cluster",
      "picture-renditions": "cluster",
    });
  });

  it("starts no timer of its own outside the jobs runner, except per-instance or per-request ones listed here", () => {
    // The outbox sender runs through startJob on every instance: its claims (SKIP LOCKED) send each mail once.
    // The hub's heartbeat pings this instance's sockets; a connection's timers, the LISTEN reconnect, a reader's
    // budget and a throttled stream belong to one socket or request.
    const allowed = new Set([
      "server/ops/job-runner.ts",
      "server/realtime/hub.ts",
      "server/realtime/connection.ts",
      "server/cluster/transport.ts",
      "server/readers/bounded-worker.ts",
      "server/domain/media/bandwidth.ts",
      "server/db/lock.ts",
      "server/main.ts",
      "server/ops/readiness.ts",
    ]);
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const timers = readdirSync(path.join(root, "server"), { recursive: true, encoding: "utf8" })
      .map((file) => `server/${file.split(path.sep).join("/")}`)
      .filter((file) => file.endsWith(".ts") && !file.includes("/generated/"))
      .filter((file) => /\bset(Interval|Timeout)\(/.test(readFileSync(path.join(root, file), "utf8")));
    expect(timers.filter((file) => !allowed.has(file))).toEqual([]);
  });
});
