// The data-dir lock after a crash: the last holder was SIGKILLed and left a zombie behind (its parent
// never reaps it, as when a process group dies under a PID 1 that does not reap), its loja.pid still on disk.
// Two contenders then start together on that directory: exactly one may run, every time. Contenders are small
// processes that only take the lock (tests/helpers/lock-child.ts), so 30 rounds take seconds, not minutes.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { holderAlive } from "../../server/db/lock.ts";
import { rounds } from "../helpers/run-kind.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The contender as plain JavaScript, bundled once per run: through tsx's loader each of the ~40 processes cost ~0.25 s of
// CPU more (measured: five starts 1.3 s of CPU). Its packages stay in node_modules, as in the shop.
const CHILD = path.join(root, "tests/.tmp", `lock-child-${process.pid}.mjs`);
beforeAll(async () => {
  await build({
    entryPoints: [path.join(root, "tests/helpers/lock-child.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: CHILD,
    logLevel: "warning",
  });
});
afterAll(() => rmSync(CHILD, { force: true }));
const ROUNDS = Number(process.env.LOCK_RACE_ROUNDS ?? rounds(6, 30));

type Mode = "kernel" | "pidfile";
const spawned: ChildProcess[] = [];
afterEach(() => {
  for (const child of spawned.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function contender(dataDir: string, mode: Mode): { child: ChildProcess; verdict: Promise<"LOCKED" | "REFUSED"> } {
  const child = spawn(process.execPath, [CHILD, dataDir, mode], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  spawned.push(child);
  let out = "";
  const verdict = new Promise<"LOCKED" | "REFUSED">((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /(LOCKED|REFUSED)/.exec(out);
      if (m) resolve(m[1] as "LOCKED" | "REFUSED");
    });
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", () => setTimeout(() => reject(new Error(`contender exited without a verdict:\n${out}`)), 50));
  });
  return { child, verdict };
}

/** A holder whose parent (`sleep`) never reaps it: once SIGKILLed it stays a zombie with its pid file left behind. */
async function crashedHolderAsZombie(dataDir: string, mode: Mode): Promise<{ zombiePid: number; parent: ChildProcess }> {
  const parent = spawn("sh", ["-c", `"${process.execPath}" "${CHILD}" "${dataDir}" ${mode} & exec sleep 120`], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  spawned.push(parent);
  const pid = await new Promise<number>((resolve, reject) => {
    let out = "";
    parent.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /LOCKED (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    parent.once("exit", () => reject(new Error(`holder did not start: ${out}`)));
  });
  process.kill(pid, "SIGKILL");
  for (let i = 0; i < 200 && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z"); i++) await new Promise((r) => setTimeout(r, 10));
  return { zombiePid: pid, parent };
}

describe.each<Mode>(["kernel", "pidfile"])("two processes started together on a crashed data dir (%s lock)", (mode) => {
  it(`exactly one runs, ${ROUNDS} of ${ROUNDS} tries, and a zombie holder counts as dead`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "loja-lock-race-"));
      try {
        const { zombiePid, parent } = await crashedHolderAsZombie(dataDir, mode);
        expect(readFileSync(`/proc/${zombiePid}/stat`, "utf8")).toMatch(/\) Z /);
        expect(readFileSync(path.join(dataDir, "loja.pid"), "utf8")).toMatch(new RegExp(`^${zombiePid} `));
        expect(holderAlive(readFileSync(path.join(dataDir, "loja.pid"), "utf8")).alive).toBe(false);

        const contenders = [contender(dataDir, mode), contender(dataDir, mode)];
        const verdicts = await Promise.all(contenders.map((c) => c.verdict));
        outcomes.push([...verdicts].sort().join("+"));
        // The winner's pid file names it.
        const winner = contenders[verdicts.indexOf("LOCKED")];
        if (winner) expect(readFileSync(path.join(dataDir, "loja.pid"), "utf8")).toMatch(new RegExp(`^${winner.child.pid} `));
        for (const c of contenders) c.child.kill("SIGKILL");
        parent.kill("SIGKILL");
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const oneRan = outcomes.filter((o) => o === "LOCKED+REFUSED").length;
    console.log(`lock race (${mode}): exactly one of two ran in ${oneRan}/${ROUNDS} tries (${[...new Set(outcomes)].join(", ")})`);
    expect(oneRan).toBe(ROUNDS);
  }, 300_000);
});

describe("releasing", () => {
  it.each<Mode>(["kernel", "pidfile"])(
    "frees the directory for the next process (%s lock)",
    async (mode) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "loja-lock-release-"));
      try {
        const first = contender(dataDir, mode);
        expect(await first.verdict).toBe("LOCKED");
        expect(await contender(dataDir, mode).verdict).toBe("REFUSED");
        first.child.kill("SIGTERM");
        await new Promise((r) => first.child.once("exit", r));
        expect(await contender(dataDir, mode).verdict).toBe("LOCKED");
        expect(existsSync(path.join(dataDir, "loja.pid"))).toBe(true);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
