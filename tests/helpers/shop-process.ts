// Starts the real shop as its own process (`node scripts/start.mjs`, as `npm start` does) on a free port,
// on a copy of the pre-seeded data directory that the e2e global setup made.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ShopProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Use this data dir as it is instead of a fresh copy of the seeded template. */
  dataDir?: string;
  /** 150 s by default: a start took over 60 s once in CI on a loaded two-core machine (the e2e hooks allow 180 s). */
  timeoutMs?: number;
}

export const E2E_ADMIN = { email: "admin@loja.local", password: "demo-admin-e2e-1" };

let phones = (process.pid * 7919 + Date.now()) % 900_000;
/**
 * A shopper's delivery phone of its own (923 xxx xxx): the browser files share one shop, and a phone may have at most 3
 * unpaid orders whichever accounts placed them (docs/product/checkout.md#placement-limits).
 */
export const shopperPhone = (): string => `923${String(100_000 + (phones++ % 900_000))}`;

/** A new copy of the seeded data directory (the e2e global setup's, unless told). */
export function freshDataDir(template: string = inject("e2eDataTemplate")): string {
  const dir = mkdtempSync(path.join(tmpdir(), "loja-e2e-"));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The shops tests start run PGlite's WebAssembly on V8's baseline compiler only (Liftoff): a test shop lives seconds
 * to minutes, too short for the optimising compiler's background work on hot database code to pay for itself.
 * Measured, a start from the e2e template and 120 page and API requests: ~5.2 s of CPU instead of ~7.9 s (the start
 * alone ~4.0 s instead of ~6.0 s). The shop people run keeps V8's defaults (docs/design/testing.md#shop-processes).
 */
export const TEST_SHOP_NODE_FLAGS = ["--liftoff-only"];

export function spawnShop(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...TEST_SHOP_NODE_FLAGS, path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      LOG_LEVEL: "warn",
      // Unset: start.mjs sets production itself, as `npm start` on one machine does (links on localhost).
      NODE_ENV: undefined,
      // Every test shopper comes from 127.0.0.1: the placements per address are a test's subject only where it sets them.
      PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function startShopProcess(options: StartOptions = {}): Promise<ShopProcess> {
  const dataDir = options.dataDir ?? freshDataDir();
  const child = spawnShop(dataDir, options.env);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const timeoutMs = options.timeoutMs ?? 150_000;
  const url = await new Promise<string>((resolve, reject) => {
    // Given up on, the process is killed and gone before the caller hears of it: a shop still starting (seeding,
    // writing media) must not write into a data dir its caller is about to remove.
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const check = () => {
      const m = /Shop:\s+(http:\/\/\S+?)\/\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(gaveUp ? `shop did not start within ${timeoutMs} ms:\n${out}` : `shop exited with ${code} before serving:\n${out}`));
    });
  });
  return {
    url,
    dataDir,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A JSON call to a running shop: GET unless there is a body (then POST), with an optional Bearer token. */
export const shopApi =
  (baseUrl: () => string) =>
  async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers: {
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
