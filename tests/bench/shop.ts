// A production shop process for the browser benches (`node scripts/start.mjs` on a free port, apps already built),
// and the frame those benches share. The tests' own helper (tests/helpers/shop-process.ts) needs vitest's
// inject(), so benches use this one.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApps } from "../../scripts/build.mjs";
import { chromiumPath } from "../helpers/browser.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface BenchShop {
  url: string;
  /** The shop's process (its CPU time is read from /proc by the benches that compare two checkouts). */
  pid: number;
  stop(): Promise<void>;
}

/** `checkout`: another checkout of the shop to start instead of this one (a bench's before/after comparison). */
export async function startBenchShop(dataDir: string, env: Record<string, string> = {}, checkout = root): Promise<BenchShop> {
  const child = spawn(process.execPath, [path.join(checkout, "scripts/start.mjs")], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Required in production; no link is followed here.
      PUBLIC_URL: "http://localhost",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop did not start:\n${out}`)), 180_000);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Shop:\s+(http:\/\/\S+?)\/\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => reject(new Error(`shop exited with ${code}:\n${out}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, pid: child.pid!, stop };
}

/**
 * A browser bench's frame: the system Chromium found, the apps built (when stale), a production shop on a fresh
 * data dir for `body`, then the shop stopped and the data dir removed, whatever `body` did.
 */
export async function withBenchShop<T>(
  name: string,
  env: Record<string, string>,
  body: (shop: BenchShop, chromePath: string, dataDir: string) => Promise<T>,
): Promise<T> {
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error("No Chromium found (install Debian's chromium or set CHROME_PATH)");
  await buildApps();
  const dataDir = mkdtempSync(path.join(tmpdir(), `loja-bench-${name}-`));
  const shop = await startBenchShop(dataDir, env);
  try {
    return await body(shop, chromePath, dataDir);
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface FigureRow {
  figure: string;
  value: string;
  goal: string;
  ok?: boolean;
}

/** Prints figure rows marked as `npm run bench` marks them, for a bench file run on its own. */
export function printRows(rows: readonly FigureRow[]): void {
  for (const r of rows)
    console.log(`${r.ok === undefined ? " " : r.ok ? "✓" : "✗"} ${r.figure}: ${r.value}${r.goal ? `  (goal ${r.goal})` : ""}`);
}
