import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, secretStrengthBits, type TrustHops } from "../../server/config.ts";
import { DataDirLockedError, lockDataDir } from "../../server/db/lock.ts";

describe("configuration", () => {
  it("defaults to the embedded database under ./data on port 3000, seeding the demo", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("data"));
    expect(c.seedDemo).toBe(true);
    expect(c.paymentDeadlineIntervalMs).toBe(10_000);
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
    // the value docker-compose.yml used to default to, and other well-known placeholders
    [{ JWT_SECRET: "change-me-to-a-long-random-secret-of-32-chars-or-more" }, /^JWT_SECRET is a known placeholder/],
    [{ JWT_SECRET: "please-changeme-before-going-to-production-ok" }, /^JWT_SECRET is a known placeholder/],
    [{ JWT_SECRET: "your-secret-here-your-secret-here-your-secret" }, /^JWT_SECRET is a known placeholder/],
    [{ JWT_SECRET: "a".repeat(64) }, /^JWT_SECRET is too guessable/],
    [{ JWT_SECRET: "ab".repeat(40) }, /^JWT_SECRET is too guessable/],
    [{ JWT_SECRET: "12345678901234567890123456789012" }, /^JWT_SECRET is too guessable/],
    [{ TRUST_PROXY: "true" }, /^TRUST_PROXY must list the proxies/],
    [{ TRUST_PROXY: "10.0.0.1, nonsense" }, /^TRUST_PROXY must list the proxies.*"nonsense"/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^TRUST_PROXY must list the proxies/],
    [{ TRUST_PROXY: "99" }, /^TRUST_PROXY must be a hop count/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL must be one of/],
    [{ PGLITE_SHARED_BUFFERS_MB: "4" }, /^PGLITE_SHARED_BUFFERS_MB must be an integer between 8 and 4096/],
    [{ SEED_DEMO: "maybe" }, /^SEED_DEMO must be true or false/],
    [{ PAYMENT_DEADLINE_INTERVAL_SECONDS: "0" }, /^PAYMENT_DEADLINE_INTERVAL_SECONDS must be an integer between 1 and 300/],
    [{ PLACEMENTS_PER_ADDRESS_PER_HOUR: "0" }, /^PLACEMENTS_PER_ADDRESS_PER_HOUR must be an integer between 1 and 100000/],
    [{ STRIPE_SECRET_KEY: "pk_live_x" }, /^STRIPE_SECRET_KEY must look like/],
    [{ FIREBASE_PROJECT_ID: "Not Valid!" }, /^FIREBASE_PROJECT_ID is not a valid/],
    [{ DATABASE_URL: "postgresql://u@h/db", NODE_ENV: "production" }, /^JWT_SECRET is required/],
  ])("names the variable in one line when a value is bad: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("JWT_SECRET strength", () => {
  it("accepts generated secrets: openssl rand -base64 48, 32 random hex digits", () => {
    expect(() => loadConfig({ JWT_SECRET: randomBytes(48).toString("base64") })).not.toThrow();
    expect(() => loadConfig({ JWT_SECRET: randomBytes(16).toString("hex") })).not.toThrow();
    expect(secretStrengthBits(randomBytes(48).toString("base64"))).toBeGreaterThan(300);
  });

  it("has no default anywhere: docker-compose.yml stops without JWT_SECRET", () => {
    const compose = readFileSync(path.resolve("docker-compose.yml"), "utf8");
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?[^}]*openssl rand -base64 48\}/);
    expect(compose).not.toMatch(/JWT_SECRET:-/);
  });

  it("says in one line what is wrong and how to make a good one", () => {
    expect(() => loadConfig({ JWT_SECRET: "a".repeat(64) })).toThrow(/^[^\n]*openssl rand -base64 48$/);
  });
});

describe("TRUST_PROXY", () => {
  it("is off by default and accepts addresses, CIDRs, proxy-addr's names or a hop count", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8", "::1"]);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect((loadConfig({ TRUST_PROXY: "1" }).trustProxy as TrustHops).hops).toBe(1);
  });
});

describe("the data-directory lock", () => {
  it("refuses a second holder while the first one lives, and frees the directory on release", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-lock-"));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir, { kernelLock: false })).rejects.toThrow(DataDirLockedError);
    await release();
    expect(existsSync(path.join(dir, "loja.pid"))).toBe(false);
    await (
      await lockDataDir(dir)
    )();
  });

  it("takes over a lock left by a process that died (e.g. after SIGKILL)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-lock-"));
    writeFileSync(path.join(dir, "loja.pid"), "999999999");
    await (
      await lockDataDir(dir, { kernelLock: false })
    )();
    writeFileSync(path.join(dir, "loja.pid"), "999999999");
    await (
      await lockDataDir(dir)
    )();
  });

  it("takes a live pid with another start time for a reused pid, not for the holder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-lock-"));
    // Our parent is alive, but the file says it started at another time: the holder is gone and its pid reused.
    writeFileSync(path.join(dir, "loja.pid"), `${process.ppid} 1\n`);
    await (
      await lockDataDir(dir, { kernelLock: false })
    )();
  });
});
