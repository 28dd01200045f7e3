// npm run restore -- <backup folder>: puts a backup made by `npm run backup` back into DATA_DIR. Only with the
// shop stopped (it takes the data-dir lock). The replaced database, secret and push keys are kept aside, renamed
// pglite.replaced-<time>, jwt-secret.replaced-<time> and vapid.json.replaced-<time>, never deleted. The backup's media files are added to
// DATA_DIR/media: they are content-addressed, so a file already there is the same file and is kept.
import { cpSync, existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { createPglite, pgliteDir } from "../db/client.ts";
import { DataDirLockedError, lockDataDir } from "../db/lock.ts";
import { mediaDir } from "../domain/media/store.ts";
import { restoreSecrets } from "../backup/snapshot.ts";

function fail(message: string): never {
  process.stderr.write(`restore: ${message}\n`);
  process.exit(1);
}

process.umask(0o077);
const folder = process.argv[2];
if (!folder) fail("usage: npm run restore -- <backup folder>");
try {
  const config = loadConfig();
  if (config.databaseUrl) fail("DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, Backups), not this command");
  const tarball = path.resolve(folder, "pglite.tar.gz");
  if (!existsSync(tarball)) fail(`${tarball} not found: pass a folder made by npm run backup`);
  const release = await lockDataDir(config.dataDir);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const target = pgliteDir(config.dataDir);
    if (existsSync(target)) renameSync(target, `${target}.replaced-${stamp}`);
    const pglite = await createPglite({ dataDir: target, loadDataDir: new Blob([readFileSync(tarball)]) });
    await pglite.exec("CHECKPOINT");
    await pglite.close();
    const media = path.resolve(folder, "media");
    if (existsSync(media)) cpSync(media, mediaDir(config.dataDir), { recursive: true, force: false });
    restoreSecrets(folder, config.dataDir, stamp);
    process.stdout.write(`Restored ${path.resolve(folder)} into ${config.dataDir}; the replaced data is kept as *.replaced-${stamp}\n`);
  } finally {
    await release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  fail((error as Error).message);
}
