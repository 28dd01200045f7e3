// The product list is the hottest read of the shop and changes only when staff edit the catalogue, so it is
// built once, serialised once, compressed once (brotli and gzip) and served from memory with an ETag until
// something invalidates it. Invalidation is a version bump: a build that raced an invalidation is discarded.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface CachedBody {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export class ListCache {
  private version = 0;
  private current: { version: number; body: Promise<CachedBody> } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly build: () => Promise<unknown>) {}

  get(): Promise<CachedBody> {
    if (this.current?.version === this.version) return this.current.body;
    const version = this.version;
    const body = this.serialise().catch((error: unknown) => {
      if (this.current?.body === body) this.current = undefined;
      throw error;
    });
    this.current = { version, body };
    return body;
  }

  /**
   * Call after any catalogue change on this instance ("local"), or when another instance announces one
   * ("remote": not forwarded again, so announcements do not echo between instances).
   */
  invalidate(origin: "local" | "remote" = "local"): void {
    this.version++;
    this.current = undefined;
    if (origin === "local") for (const listener of this.listeners) listener();
  }

  /** Lets the real-time hub forward local invalidations to other instances. */
  onInvalidate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async serialise(): Promise<CachedBody> {
    const identity = Buffer.from(JSON.stringify(await this.build()));
    const [br, gzipped] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gz(identity, { level: 9 }),
    ]);
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    return { etag, identity, br, gzip: gzipped };
  }
}
