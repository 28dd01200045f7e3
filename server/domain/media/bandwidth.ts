// A per-client bandwidth cap for media, one limiter for /media downloads and one for uploads: without it two
// anonymous clients re-fetching a 10 MB file, or one customer uploading 10 MB files back to back, starve the
// shop. A token bucket per client address: a client may burst, then is slowed to its rate; never refused.
// Hand-written because the throttling libraries on npm cap a single stream, not every stream of one client.
import { Transform } from "node:stream";

/** Bytes per second per client address (each direction), and the burst a fresh client gets at once. */
const MEDIA_BYTES_PER_SECOND = 4 * 1024 * 1024;
const MEDIA_BURST_BYTES = 4 * 1024 * 1024;

interface Bucket {
  tokens: number;
  at: number;
}

export class BandwidthLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly bytesPerSecond = MEDIA_BYTES_PER_SECOND,
    private readonly burstBytes = MEDIA_BURST_BYTES,
    private readonly now = () => performance.now(),
  ) {}

  /** Takes `bytes` from the client's bucket (it may go into debt); answers how many ms to wait before sending them. */
  reserve(client: string, bytes: number): number {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.burstBytes, at: now };
    bucket.tokens = Math.min(this.burstBytes, bucket.tokens + ((now - bucket.at) / 1000) * this.bytesPerSecond) - bytes;
    bucket.at = now;
    this.buckets.set(client, bucket);
    if (this.buckets.size > 10_000) this.forgetIdle(now);
    return bucket.tokens >= 0 ? 0 : (-bucket.tokens / this.bytesPerSecond) * 1000;
  }

  /** A full bucket says nothing: forgetting it keeps the map to the clients downloading now. */
  private forgetIdle(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.bytesPerSecond >= this.burstBytes) this.buckets.delete(client);
    }
  }

  /** A pass-through stream that holds each chunk until the client's bucket allows it. */
  throttle(client: string): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        const wait = this.reserve(client, chunk.byteLength);
        if (wait <= 0) callback(null, chunk);
        else setTimeout(() => callback(null, chunk), wait);
      },
    });
  }
}
