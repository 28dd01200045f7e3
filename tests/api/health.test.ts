// Health for the proxy (docs/design/operations.md#health): live while the process answers; ready only while the
// database answers, every migration is applied and the instance is not draining.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOtherInstance, buildTestApp, type TestApp } from "../helpers/app.ts";
import { waitFor } from "./chat-fixtures.ts";
import { startTcpProxy } from "../helpers/tcp-proxy.ts";
import { MIGRATIONS_DIR } from "../../server/db/migrate.ts";
import { Lifecycle } from "../../server/ops/lifecycle.ts";
import { createReadinessCheck, NOT_READY } from "../../server/ops/readiness.ts";

let t: TestApp;
beforeAll(async () => {
  // A loaded test machine can take a second to open a connection: the timeout is not what these tests are about.
  t = await buildTestApp({ env: { READY_DB_TIMEOUT_MS: "20000" } });
});
afterAll(async () => {
  await t?.close();
});

const get = (app: TestApp, url: string) => app.app.inject({ method: "GET", url });

describe("GET /health/live and /health/ready", () => {
  it("answer 200 on a started instance, uncached", async () => {
    for (const url of ["/health/live", "/health/ready"]) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("is not ready while the database lacks a migration this build knows (an old database under a new version)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    mkdirSync(path.join(dir, "29990101000000_not_applied"));
    writeFileSync(path.join(dir, "29990101000000_not_applied", "migration.sql"), "SELECT 1;");
    const ahead = await createReadinessCheck(t.db, new Lifecycle(), { migrationsDir: dir, timeoutMs: 20_000 });
    expect(await ahead.check()).toEqual({ ready: false, message: NOT_READY.migrations });
    const current = await createReadinessCheck(t.db, new Lifecycle(), { timeoutMs: 20_000 });
    expect(await current.check()).toEqual({ ready: true });
  });
  it("ready turns 503 in the one error shape as soon as the instance drains; live stays 200", async () => {
    // Last in this file for this instance: a drained instance never turns ready again.
    t.deps.lifecycle.drain();
    const ready = await get(t, "/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: NOT_READY.draining });
    expect((await get(t, "/health/live")).statusCode).toBe(200);
    // draining is not closing: the shop still answers
    expect((await get(t, "/api/product/list")).statusCode).toBe(200);
  });
});

if (inject("dbKind") === "postgres")
  describe("when the database goes away", () => {
    it("ready answers 503 while PostgreSQL is unreachable and 200 again once it is back", async () => {
      const target = new URL(t.db.url!);
      const relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaRelay = await buildOtherInstance(t, { databaseUrl: relay.via(t.db.url!) });
      try {
        await viaRelay.app.ready();
        expect((await get(viaRelay, "/health/ready")).statusCode).toBe(200);
        await relay.cut();
        const down = await get(viaRelay, "/health/ready");
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ success: false, message: NOT_READY.database });
        expect((await get(viaRelay, "/health/live")).statusCode).toBe(200);
        await relay.restore();
        await waitFor(async () => (await get(viaRelay, "/health/ready")).statusCode === 200, 10_000, "ready again");
      } finally {
        await viaRelay.close();
        await relay.close();
      }
    });
  });
