// The data directory as an operator meets it: private files whatever an older release left, and a
// shop that reopens at once after its whole process group was SIGKILLed: here PID 1 does not reap orphans, so
// the killed server stays a zombie that the old pid-file lock took for a live process. (The lock's race, two
// processes started together on a crashed data dir, is tested many times over with small lock-only processes in
// tests/api/data-dir-lock.test.ts; here the real shop shows it reopens.)
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freshDataDir, startShopProcess, TEST_SHOP_NODE_FLAGS } from "../helpers/shop-process.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function modes(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = [];
  const walk = (d: string) => {
    out.push({ path: d, mode: statSync(d).mode & 0o777, dir: true });
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push({ path: full, mode: statSync(full).mode & 0o777, dir: false });
    }
  };
  walk(dir);
  return out;
}

/** The shop under a shell, in a process group of its own, as `npm start` or a service manager runs it. */
function startInGroup(dataDir: string): { group: ChildProcess; served: Promise<string> } {
  const group = spawn("sh", ["-c", `"${process.execPath}" ${TEST_SHOP_NODE_FLAGS.join(" ")} scripts/start.mjs & wait`], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SKIP_BUILD: "1", LOG_LEVEL: "warn", NODE_ENV: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const served = new Promise<string>((resolve, reject) => {
    group.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Shop:\s+(http:\/\/\S+?)\/\s/.exec(out);
      if (m) resolve(m[1]!.replace("localhost", "127.0.0.1"));
    });
    group.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    group.once("exit", () => reject(new Error(`shop exited before serving:\n${out}`)));
  });
  return { group, served };
}

describe("the data directory", () => {
  it("is 0700 with every file 0600 after a start, whatever modes it had (jwt-secret included)", async () => {
    const dataDir = freshDataDir();
    for (const entry of modes(dataDir)) chmodSync(entry.path, entry.dir ? 0o755 : 0o666);
    const shop = await startShopProcess({ dataDir });
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Files PGlite writes while serving are private too.
    await fetch(`${shop.url}/api/product/list`);
    const open = modes(dataDir).filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    const secret = modes(dataDir).find((e) => e.path.endsWith("jwt-secret"));
    await shop.stop();
    expect(secret?.mode).toBe(0o600);
    expect(open.map((e) => `${e.path} ${e.mode.toString(8)}`)).toEqual([]);
  }, 240_000);

  it("reopens at once after its process group was killed with SIGKILL", async () => {
    const dataDir = freshDataDir();
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let current = startInGroup(dataDir);
    cleanup.push(() => {
      try {
        process.kill(-current.group.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    });
    await current.served;
    process.kill(-current.group.pid!, "SIGKILL");
    current = startInGroup(dataDir); // at once: the killed server is not even reaped
    const url = await current.served;
    expect((await fetch(`${url}/api/product/list`)).status).toBe(200);
  }, 240_000);
});
