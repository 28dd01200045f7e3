import { mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { DataDirLockedError, lockDataDir } from "../../server/db/lock.ts";

describe("configuration", () => {
  it("defaults to the embedded database under ./data on port 3000, seeding the demo", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("data"));
    expect(c.seedDemo).toBe(true);
  });

  it("does not seed demo data on PostgreSQL unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgresql://u@h/db" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgresql://u@h/db", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be an integer/],
    [{ PORT: "70000" }, /^PORT must be an integer/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL must use postgres/],
    [{ DATABASE_URL: "::" }, /^DATABASE_URL is not a valid URL/],
    [{ JWT_SECRET: "short" }, /^JWT_SECRET must be at least 32/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL must be one of/],
    [{ SEED_DEMO: "maybe" }, /^SEED_DEMO must be true or false/],
    [{ STRIPE_SECRET_KEY: "pk_live_x" }, /^STRIPE_SECRET_KEY must look like/],
    [{ FIREBASE_PROJECT_ID: "Not Valid!" }, /^FIREBASE_PROJECT_ID is not a valid/],
    [{ DATABASE_URL: "postgresql://u@h/db", NODE_ENV: "production" }, /^JWT_SECRET is required/],
  ])("names the variable in one line when a value is bad: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("the data-directory lock", () => {
  it("refuses a second holder while the first one lives, and frees the directory on release", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-lock-"));
    const release = lockDataDir(dir);
    // A live process other than us holds it: simulate with our parent's pid.
    writeFileSync(path.join(dir, "loja.pid"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    writeFileSync(path.join(dir, "loja.pid"), String(process.pid));
    release();
    expect(existsSync(path.join(dir, "loja.pid"))).toBe(false);
  });

  it("takes over a lock left by a process that died (e.g. after SIGKILL)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-lock-"));
    writeFileSync(path.join(dir, "loja.pid"), "999999999");
    const release = lockDataDir(dir);
    release();
  });
});
