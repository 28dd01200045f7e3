// The shop as a process: one process per data directory, graceful shutdown, restarts that never re-seed.
import { afterAll, describe, expect, inject, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { freshDataDir, spawnShop, startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const npm = (args: string[], env: Record<string, string>) => run("npm", args, { cwd: root, env: { ...process.env, ...env } });

/** A first start migrates and seeds the catalogue (its images too): minutes, on a loaded two-core machine. */
const FIRST_START = { timeoutMs: 240_000 };
const FIRST_START_TEST = { timeout: 300_000 };

/** Stopped again after the file (a second stop is harmless): a test that fails half-way leaves no shop running. */
const running: ShopProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

async function productCount(url: string): Promise<number> {
  const body = (await (await fetch(`${url}/api/product/list`)).json()) as { products: unknown[] };
  return body.products.length;
}

function exitOf(child: ReturnType<typeof spawnShop>): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("the shop process", () => {
  it("refuses a second start on the same data directory with one clear line", async () => {
    // The run's shared shop is the first: the refused start must leave it unharmed for every other file.
    const first = { url: inject("e2eSharedShopUrl"), dataDir: inject("e2eSharedShopDataDir") };
    const { code, output } = await exitOf(spawnShop(first.dataDir));
    expect(code).toBe(1);
    const lines = output
      .trim()
      .split("\n")
      .filter((l) => !l.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^loja: Another Loja process \(pid \d+\) is already using /);
    // the first one is unharmed
    expect(await productCount(first.url)).toBeGreaterThanOrEqual(40);
  });

  it(
    "initialises, migrates and seeds an empty data directory on first start, printing the demo staff login once; " +
      "closes the database and releases the lock on SIGTERM; restarts without seeding again",
    FIRST_START_TEST,
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "loja-first-"));
      try {
        const shop = await startShopProcess({ dataDir, ...FIRST_START });
        running.push(shop);
        expect(shop.output()).toMatch(/Seeded the demo catalogue: \d+ products/);
        expect(shop.output()).toMatch(/Demo staff login \(shown once\): admin@loja\.local \/ \S+/);
        const products = await productCount(shop.url);
        expect(products).toBeGreaterThanOrEqual(40);
        expect(await shop.stop()).toBe(0);
        expect(existsSync(path.join(dataDir, "loja.pid"))).toBe(false);

        const again = await startShopProcess({ dataDir });
        running.push(again);
        expect(await productCount(again.url)).toBe(products);
        expect(again.output()).not.toContain("Seeded the demo catalogue");
        expect(again.output()).not.toContain("Demo staff login");
        expect(await again.stop()).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it("stops with one line naming a bad configuration variable", async () => {
    const { code, output } = await exitOf(spawnShop(freshDataDir(), { PORT: "not-a-port" }));
    expect(code).toBe(1);
    expect(output.trim()).toBe('loja: PORT must be an integer between 0 and 65535 (got "not-a-port")');
  });

  it(
    "creates staff with npm run staff:create before the first start, and that login works once the shop runs",
    FIRST_START_TEST,
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "loja-staff-"));
      try {
        const created = await npm(["run", "-s", "staff:create", "--", "--email", "Chefe@Loja.ao", "--role", "support"], {
          DATA_DIR: dataDir,
        });
        const password = /with password: (\S+)/.exec(created.stdout)?.[1];
        expect(password).toBeDefined();
        const migrated = await npm(["run", "-s", "db:migrate"], { DATA_DIR: dataDir });
        expect(migrated.stdout.trim()).toBe("Database is up to date.");
        // Without the demo catalogue (seeding it is the previous test's): this start is about the staff it finds.
        const shop = await startShopProcess({ dataDir, env: { SEED_DEMO: "false" }, ...FIRST_START });
        running.push(shop);
        // staff already exist, so no demo admin is made
        expect(shop.output()).not.toContain("Demo staff login");
        const res = await fetch(`${shop.url}/admin/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "chefe@loja.ao", password }),
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { user: { role: string } }).user.role).toBe("support");
        expect(await shop.stop()).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
