// A process that does only what a starting shop does first: take the data-dir lock, then hold it until killed.
// Prints "LOCKED <pid>" or "REFUSED <pid>" (exit 3). Lets the lock race tests start dozens of contenders quickly.
// Usage: node <this file bundled by tests/unit/data-dir-lock.test.ts> <dataDir> kernel|pidfile (or node --import tsx <this file> …)
import { DataDirLockedError, lockDataDir } from "../../server/db/lock.ts";

const [dataDir, mode] = process.argv.slice(2);
try {
  await lockDataDir(dataDir!, { kernelLock: mode !== "pidfile" });
  process.stdout.write(`LOCKED ${process.pid}\n`);
  setInterval(() => undefined, 1 << 30);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stdout.write(`REFUSED ${process.pid}\n`);
  process.exit(3);
}
