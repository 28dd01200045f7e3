// Backups of the embedded database (docs/design/database.md#backups). A backup is a folder loja-backup-<time>/ holding pglite.tar.gz
// (PGlite's dumpDataDir: one consistent moment of the database), media/ (the media store's files), jwt-secret
// (so sign-ins survive a restore) and vapid.json (the web-push key pair: browsers' subscriptions are bound to its
// public key, so a restore without it would silently end every subscription). It is written under a temporary name and renamed into place, so a folder with
// the final name is always complete.
//
// Media files are immutable and content-addressed, and a file is in the store before any row refers to it, so
// copying the files after the database's snapshot gives every file the snapshot refers to (and perhaps a few
// newer ones, harmless). With the S3 media store the bucket holds them: back it up with the bucket's own tools.
//
// PGlite is one connection inside the server process, so a running shop takes the snapshot itself: it listens
// on DATA_DIR/backup.sock (0600, local only) for `npm run backup`. With no shop running, the command takes the
// data-dir lock and opens the database itself.
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { chmod, cp, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Database } from "../db/client.ts";
import { mediaDir, uploadTempDir } from "../domain/media/store.ts";

const BACKUP_SOCKET = "backup.sock";

/** The files of DATA_DIR a restore needs besides the database and media: the token secret and the push keys. */
const BACKED_UP_SECRETS = ["jwt-secret", "vapid.json"] as const;

/**
 * Puts a backup's secrets back into DATA_DIR (0600); a file they replace is kept as `<name>.replaced-<stamp>`.
 * Returns the names restored.
 */
export function restoreSecrets(folder: string, dataDir: string, stamp: string): string[] {
  const restored: string[] = [];
  for (const name of BACKED_UP_SECRETS) {
    const source = path.resolve(folder, name);
    if (!existsSync(source)) continue;
    const target = path.join(dataDir, name);
    if (existsSync(target)) renameSync(target, `${target}.replaced-${stamp}`);
    copyFileSync(source, target);
    chmodSync(target, 0o600);
    restored.push(name);
  }
  return restored;
}

export async function writeBackup(db: Database, dataDir: string, outDir: string): Promise<string> {
  if (!db.dumpDataDir) throw new Error("backups are for the embedded database; on PostgreSQL use pg_dump");
  const tarball = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  const name = `loja-backup-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const partial = path.join(outDir, `.${name}.partial`);
  const final = path.join(outDir, name);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  writeFileSync(path.join(partial, "pglite.tar.gz"), tarball, { mode: 0o600 });
  if (existsSync(mediaDir(dataDir))) {
    const temp = uploadTempDir(dataDir);
    await cp(mediaDir(dataDir), path.join(partial, "media"), { recursive: true, filter: (source) => source !== temp });
  }
  for (const name of BACKED_UP_SECRETS) {
    const secret = path.join(dataDir, name);
    if (existsSync(secret)) copyFileSync(secret, path.join(partial, name));
  }
  renameSync(partial, final);
  return final;
}

/** Serves `npm run backup` for the running shop; resolves to the function that stops it. */
export async function listenForBackups(db: Database, dataDir: string, log: (message: string) => void): Promise<() => Promise<void>> {
  const file = path.join(dataDir, BACKUP_SOCKET);
  await rm(file, { force: true }); // left by a process that died: we hold the data-dir lock, so it is not in use
  const server = net.createServer((socket) => {
    let request = "";
    socket.on("data", (chunk: Buffer) => {
      request += chunk.toString();
      if (!request.includes("\n")) return;
      let outDir: string;
      try {
        outDir = (JSON.parse(request) as { out: string }).out;
        if (typeof outDir !== "string" || !path.isAbsolute(outDir)) throw new Error("out must be an absolute path");
      } catch (error) {
        socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
        return;
      }
      writeBackup(db, dataDir, outDir).then(
        (folder) => {
          log(`backup written to ${folder}`);
          socket.end(`${JSON.stringify({ folder })}\n`);
        },
        (error: Error) => socket.end(`${JSON.stringify({ error: error.message })}\n`),
      );
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(file, { force: true });
  };
}

/** Asks the running shop for a backup; undefined when no shop listens on this data dir. */
export function requestBackup(dataDir: string, outDir: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, BACKUP_SOCKET));
    let answer = "";
    socket.on("connect", () => socket.write(`${JSON.stringify({ out: outDir })}\n`));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("end", () => {
      try {
        const parsed = JSON.parse(answer) as { folder?: string; error?: string };
        if (parsed.folder) resolve(parsed.folder);
        else reject(new Error(parsed.error ?? "no answer"));
      } catch {
        reject(new Error(`unexpected answer from the shop: ${answer}`));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
}
