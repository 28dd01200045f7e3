// One process per data directory: PGlite is a single-connection database with no crash recovery of its own,
// so two processes on one directory would corrupt it. We keep a pid file instead of using a library such as
// proper-lockfile because after a SIGKILL the next start must take over at once (the pid is gone), not wait
// for a stale-lock timeout.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "loja.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(`Another Loja process (pid ${pid}) is already using ${dataDir}; stop it first or set DATA_DIR to another folder.`);
      }
      unlinkSync(file); // left by a process that died: take over
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
