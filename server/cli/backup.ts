// npm run backup [-- --out <dir>]: a consistent snapshot of the embedded database, its media files and the token secret into
// <dir>/loja-backup-<time>/ (default ./backups), while the shop runs or not. See server/backup/snapshot.ts.
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { openPglite } from "../db/client.ts";
import { DataDirLockedError, lockDataDir } from "../db/lock.ts";
import { requestBackup, writeBackup } from "../backup/snapshot.ts";

function fail(message: string): never {
  process.stderr.write(`backup: ${message}\n`);
  process.exit(1);
}

process.umask(0o077); // a backup holds every customer's data and the token secret
const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } }, strict: true });
try {
  const config = loadConfig();
  if (config.databaseUrl) fail("DATABASE_URL is set: back PostgreSQL up with pg_dump (see README, Backups), not this command");
  const outDir = path.resolve(values.out);
  let folder = await requestBackup(config.dataDir, outDir);
  if (!folder) {
    // No shop running: take the lock so none starts meanwhile, and read the database ourselves.
    const release = await lockDataDir(config.dataDir);
    try {
      const db = await openPglite(config.dataDir);
      try {
        folder = await writeBackup(db, config.dataDir, outDir);
      } finally {
        await db.close();
      }
    } finally {
      await release();
    }
  }
  process.stdout.write(`Backup written to ${folder}\n`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  fail((error as Error).message);
}
