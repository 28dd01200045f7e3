// The data directory as an operator meets it: private files whatever an older release left, and a
// shop that reopens at once after its whole process group was SIGKILLed: here PID 1 does not reap orphans, so
// the killed server stays a zombie that the old pid-file lock took for a live process. Also two real shop
// processes started together on a crashed data dir: exactly one serves.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freshDataDir, spawnShop, startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";

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
  const group = spawn("sh", ["-c", `"${process.execPath}" scripts/start.mjs & wait`], {
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

  it("reopens at once after its process group was killed with SIGKILL, 3 of 3", async () => {
    const dataDir = freshDataDir();
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const results: boolean[] = [];
    let current = startInGroup(dataDir);
    cleanup.push(() => {
      try {
        process.kill(-current.group.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    });
    await current.served;
    for (let round = 0; round < 3; round++) {
      process.kill(-current.group.pid!, "SIGKILL");
      current = startInGroup(dataDir); // at once: the killed server is not even reaped
      try {
        const url = await current.served;
        results.push((await fetch(`${url}/api/product/list`)).status === 200);
      } catch (error) {
        console.log(`restart ${round + 1} failed: ${(error as Error).message}`);
        results.push(false);
      }
    }
    console.log(`group SIGKILL then immediate restart: ${results.filter(Boolean).length}/3 reopened`);
    expect(results).toEqual([true, true, true]);
  }, 480_000);

  it("lets exactly one of two shops started together on a crashed data dir serve", async () => {
    const dataDir = freshDataDir();
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const crashed = startInGroup(dataDir);
    await crashed.served;
    process.kill(-crashed.group.pid!, "SIGKILL");
    const contenders = [spawnShop(dataDir), spawnShop(dataDir)];
    const running: ShopProcess["child"][] = [];
    cleanup.push(() => contenders.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));
    const outcomes = await Promise.all(
      contenders.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = "";
            child.stdout!.on("data", (d: Buffer) => {
              out += d.toString();
              if (/Shop:\s+http/.test(out)) {
                running.push(child);
                resolve("served");
              }
            });
            child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
            child.once("exit", (code) => resolve(/already using/.test(out) && code === 1 ? "refused" : `exited ${code}: ${out}`));
          }),
      ),
    );
    expect(outcomes.sort()).toEqual(["refused", "served"]);
  }, 240_000);
});
