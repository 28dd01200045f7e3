// One process per data directory: PGlite is a single-connection database with no crash recovery of its own,
// so two processes on one directory would corrupt it.
//
// The lock is a kernel lock where we can get one: Node has no flock(2) and native addons cannot be built here, so
// a child `flock(1)` (util-linux) takes it on DATA_DIR/loja.lock and holds it while it lives. The child's stdin is
// a pipe from us: when we die in any way (SIGKILL of the whole group included, or left a zombie) the pipe closes,
// the child exits and the kernel frees the lock at once: no stale state, no timeout, atomic between racers.
//
// Without flock(1) (macOS, minimal images) a pid file is the lock. It names the holder by pid and start time, so a
// dead holder, a zombie (state Z) or a reused pid is recognised as gone, and it is taken over atomically: created
// with link() (fails if present), replaced only under an exclusive mkdir() and re-read after every write.
//
// Either way DATA_DIR/loja.pid names the holder, for people and for releases that only knew the pid file.
import { spawn } from "node:child_process";
import { linkSync, mkdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export class DataDirLockedError extends Error {}

interface LockOptions {
  /** Use flock(1) when it is installed (default). False forces the pid-file lock. */
  kernelLock?: boolean;
}

/** Frees the lock; resolves once another process could take it. */
type ReleaseLock = () => Promise<void>;

const FLOCK_BUSY = 75;
/** A take-over mutex older than this was left by a process that died in the middle of one. */
const STALE_TAKEOVER_MS = 5_000;

function lockedError(dataDir: string, pid?: number): DataDirLockedError {
  const who = pid ? `Another Loja process (pid ${pid})` : "Another Loja process";
  return new DataDirLockedError(`${who} is already using ${dataDir}; stop it first or set DATA_DIR to another folder.`);
}

/** State letter and start time (clock ticks after boot) from /proc; undefined without /proc; null if no such pid. */
function procStat(pid: number): { state: string; startTime: string } | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return undefined;
    try {
      statSync("/proc/self/stat");
      return null; // /proc works: the pid does not exist
    } catch {
      return undefined;
    }
  }
  // "pid (comm) state ppid … starttime …": comm may hold spaces and parentheses, so split after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
}

function ownRecord(): string {
  return `${process.pid} ${procStat(process.pid)?.startTime ?? ""}`.trim() + "\n";
}

/** Whether the process a pid file names still runs: not dead, not a zombie, not a newer process with its pid. */
export function holderAlive(record: string): { alive: boolean; pid?: number } {
  const [pidText, startTime] = record.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return { alive: false };
  const stat = procStat(pid);
  if (stat === null) return { alive: false, pid };
  if (stat) {
    if (stat.state === "Z" || stat.state === "X") return { alive: false, pid };
    if (startTime && stat.startTime !== startTime) return { alive: false, pid }; // the pid was reused
    // Our own pid without a start time: written by a previous life of this container, not by us.
    if (pid === process.pid && !startTime) return { alive: false, pid };
    // An older release wrote no start time: then at least the process must be a Node one.
    if (!startTime && !readOrEmpty(`/proc/${pid}/cmdline`).includes("node")) return { alive: false, pid };
    return { alive: true, pid };
  }
  if (pid === process.pid) return { alive: false, pid };
  try {
    process.kill(pid, 0);
    return { alive: true, pid };
  } catch (error) {
    return { alive: (error as NodeJS.ErrnoException).code === "EPERM", pid };
  }
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** Takes the lock or throws DataDirLockedError. */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<ReleaseLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const releaseKernel = options.kernelLock === false ? undefined : await kernelLock(dataDir);
  try {
    const releasePid = await pidFileLock(dataDir, releaseKernel !== undefined);
    return async () => {
      releasePid();
      await releaseKernel?.();
    };
  } catch (error) {
    await releaseKernel?.();
    throw error;
  }
}

/** flock(1) holding DATA_DIR/loja.lock for as long as we live; undefined when flock is not installed. */
function kernelLock(dataDir: string): Promise<ReleaseLock | undefined> {
  const file = path.join(dataDir, "loja.lock");
  return new Promise((resolve, reject) => {
    // `cat` reads our pipe until it closes: it (and flock with it) lives exactly as long as we do.
    const child = spawn(
      "flock",
      ["--nonblock", "--exclusive", "--conflict-exit-code", String(FLOCK_BUSY), file, "sh", "-c", "echo locked; exec cat"],
      {
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let output = "";
    let settled = false;
    const exited = new Promise<void>((done) => child.once("close", () => done()));
    child.once("error", (error: NodeJS.ErrnoException) => {
      settled = true;
      if (error.code === "ENOENT") resolve(undefined);
      else reject(error);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      if (settled || !chunk.toString().includes("locked")) return;
      settled = true;
      // The child must not keep the event loop alive, nor hold up our exit.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
      resolve(async () => {
        // Held again while it ends: an unreferenced child's exit would not keep us waiting for it.
        child.ref();
        for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { ref?: () => void }).ref?.();
        child.stdin.end();
        const guard = setTimeout(() => child.kill("SIGKILL"), 2_000);
        await exited;
        clearTimeout(guard);
      });
    });
    child.once("exit", (code) => {
      if (settled) return;
      settled = true;
      if (code === FLOCK_BUSY) reject(lockedError(dataDir, holderAlive(readOrEmpty(path.join(dataDir, "loja.pid"))).pid));
      else reject(new Error(`flock failed on ${file} (exit ${code}): ${output.trim()}`));
    });
  });
}

/**
 * Writes our record into DATA_DIR/loja.pid unless a live process holds it. Under the kernel lock no process of
 * this release competes, so this only guards against an older release that knew nothing but the pid file.
 */
async function pidFileLock(dataDir: string, underKernelLock: boolean): Promise<() => void> {
  const file = path.join(dataDir, "loja.pid");
  const takeover = `${file}.takeover`;
  const record = ownRecord();
  const temp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(temp, record, { mode: 0o600 });
  const release = () => {
    try {
      if (readFileSync(file, "utf8") === record) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  try {
    for (let attempt = 0; attempt < 500; attempt++) {
      try {
        linkSync(temp, file); // atomic: fails if any pid file exists
        if (readOrEmpty(file) === record) return release;
        continue;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = readOrEmpty(file);
      if (current === "") continue; // released meanwhile: try to create it again
      const holder = holderAlive(current);
      if (holder.alive) throw lockedError(dataDir, holder.pid);
      if (underKernelLock) {
        renameSync(temp, file);
        return release;
      }
      // Stale: replace it, one racer at a time, and only if it is still the stale record we judged.
      try {
        mkdirSync(takeover);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        try {
          if (Date.now() - statSync(takeover).mtimeMs > STALE_TAKEOVER_MS) rmdirSync(takeover);
        } catch {
          // taken away meanwhile
        }
        await sleep(5 + Math.random() * 20);
        continue;
      }
      try {
        if (readOrEmpty(file) === current) {
          renameSync(temp, file);
          if (readOrEmpty(file) === record) return release;
        }
      } finally {
        rmdirSync(takeover);
      }
    }
    throw new DataDirLockedError(`Could not lock ${dataDir}`);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // renamed into place
    }
  }
}
