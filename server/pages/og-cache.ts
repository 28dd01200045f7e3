// Product preview pictures, rendered once per photo: the photo's bytes never change (its sha256 names it), so its
// preview is kept in memory and on disk (DATA_DIR/og-cache/<sha256>.jpg) across evictions and restarts, and
// simultaneous requests for one photo share a single render. Anyone may ask for any product's preview, so
// without this each request would cost a render's CPU.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";

export class OgImageCache {
  /** Renders done by this instance (a test counts them). */
  renders = 0;
  private readonly memory = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (b) => b.byteLength });
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly dir: string,
    private readonly render: (sha256: string) => Promise<Buffer>,
  ) {}

  /** The preview of the photo whose bytes hash to `sha256`. */
  get(sha256: string): Promise<Buffer> {
    const kept = this.memory.get(sha256);
    if (kept) return Promise.resolve(kept);
    let pending = this.pending.get(sha256);
    if (!pending) {
      pending = this.load(sha256).finally(() => this.pending.delete(sha256));
      this.pending.set(sha256, pending);
    }
    return pending;
  }

  private async load(sha256: string): Promise<Buffer> {
    if (!/^[a-f0-9]{64}$/.test(sha256)) throw new Error("not a sha256");
    const file = path.join(this.dir, `${sha256}.jpg`);
    const stored = await readFile(file).catch(() => undefined);
    if (stored && stored.length > 0) {
      this.memory.set(sha256, stored);
      return stored;
    }
    this.renders++;
    const jpeg = await this.render(sha256);
    this.memory.set(sha256, jpeg);
    // Written whole then renamed, so a reader never sees half a file; a failed write only costs a later render.
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
      .then(() => writeFile(`${file}.${process.pid}.part`, jpeg, { mode: 0o600 }))
      .then(() => rename(`${file}.${process.pid}.part`, file))
      .catch(() => undefined);
    return jpeg;
  }
}

export const ogCacheDir = (dataDir: string) => path.join(dataDir, "og-cache");
