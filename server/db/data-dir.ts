// The data directory holds the database and the token secret: only the shop's own user may read or change it.
// The server sets umask 077 so everything it and PGlite create is private; this walk fixes what an older release
// (or a copy) left readable: the directory and its folders 0700, its files 0600.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (dir: string) => {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && (lstatSync(full).mode & 0o777) !== 0o600) chmodSync(full, 0o600);
      // symbolic links are left alone: their targets are not ours to change
    }
  };
  walk(dataDir);
}

/** A secret file (e.g. jwt-secret) is 0600 on every start, whatever mode an existing file had. */
export function securePrivateFile(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
