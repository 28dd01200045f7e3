// Where media bytes live: outside the database, so PGlite's single thread never carries a 10 MB file.
// Content-addressed by sha256: a file is written once, never changed, and two uploads of the same bytes share it.
// The database keeps the metadata (type, size, sha256, owner, kind, name); see docs/design/media.md.
import { createReadStream, mkdirSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  readonly kind: "files" | "s3";
  /** Folder for uploads being received (on the files store's own file system, so moving one in is a rename). */
  readonly tempDir: string;
  /** Moves a complete temp file whose sha256 is known into the store; the temp file is gone afterwards. */
  putFile(tempPath: string, sha256: string, size: number): Promise<void>;
  putBytes(bytes: Uint8Array, sha256: string): Promise<void>;
  has(sha256: string): Promise<boolean>;
  /** The file's bytes (or a range of them); MediaMissingError when the store does not hold it. */
  read(sha256: string, range?: ByteRange): Promise<Readable>;
}

export class MediaMissingError extends Error {}

const SHA256 = /^[0-9a-f]{64}$/;
function checkSha256(sha256: string): string {
  // The hash becomes a path or an object key: nothing else may get there.
  if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return sha256;
}

/** `<prefix>/<sha256>`: 256 folders keep any one directory small. */
export const contentPath = (sha256: string) => `${checkSha256(sha256).slice(0, 2)}/${sha256}`;

export const mediaDir = (dataDir: string) => path.join(dataDir, "media");
/** Uploads being received, on the files store's own file system so moving one in is a rename. */
export const uploadTempDir = (dataDir: string) => path.join(mediaDir(dataDir), ".tmp");
let tempCounter = 0;
export const tempFileIn = (dir: string) => path.join(dir, `${process.pid}-${Date.now()}-${tempCounter++}.part`);

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes uploads left half-received by a process that died (older than an hour, so none in progress). */
export async function sweepTempDir(dir: string, olderThanMs = 3600_000): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > olderThanMs) await rm(file, { force: true });
  }
}

/** DATA_DIR/media/<sha256 prefix>/<sha256>: the default store, files 0600 and folders 0700 like the rest of DATA_DIR. */
export class FileMediaStore implements MediaStore {
  readonly kind = "files";
  readonly tempDir: string;
  readonly root: string;
  constructor(dataDir: string) {
    this.root = mediaDir(dataDir);
    this.tempDir = uploadTempDir(dataDir);
    mkdirSync(this.tempDir, { recursive: true, mode: 0o700 });
  }

  pathOf(sha256: string): string {
    return path.join(this.root, contentPath(sha256));
  }

  async has(sha256: string): Promise<boolean> {
    return (await stat(this.pathOf(sha256)).catch(() => undefined))?.isFile() ?? false;
  }

  async putFile(tempPath: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    if (await this.has(sha256)) {
      await rm(tempPath, { force: true });
      return;
    }
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Data on disk before the name points at it, and the name on disk before the row that refers to it.
    await fsyncPath(tempPath);
    await rename(tempPath, target);
    await fsyncPath(folder);
  }

  async putBytes(bytes: Uint8Array, sha256: string): Promise<void> {
    if (await this.has(sha256)) return;
    await mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const temp = tempFileIn(this.tempDir);
    await writeFile(temp, bytes, { mode: 0o600, flag: "wx" });
    await this.putFile(temp, sha256);
  }

  async read(sha256: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(sha256);
    if (!(await this.has(sha256))) throw new MediaMissingError(`media file ${sha256} is missing`);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }
}
