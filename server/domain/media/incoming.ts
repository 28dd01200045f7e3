// Receives an uploaded file into the media store's temp folder as it arrives: never buffered whole in memory,
// never written through the database. Its sha256 is computed and its first bytes kept (for sniffing) on the way.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tempFileIn } from "./store.ts";

/** file-type's own sample size: enough to recognise every type we accept. */
const SNIFF_BYTES = 4100;

/** An uploaded file waiting in a temp file (removed after the response if nothing moved it into the store). */
export interface IncomingFile {
  path: string;
  size: number;
  sha256: string;
  /** The first SNIFF_BYTES bytes. */
  head: Uint8Array;
  /** As the client sent it: sanitise before keeping or showing it. */
  fileName: string | null;
}

/** `throttle`: a pass-through that paces the upload (the per-client bandwidth cap); its backpressure slows the socket. */
export async function receiveFile(source: Readable, tempDir: string, fileName: string | null, throttle?: Transform): Promise<IncomingFile> {
  const file = tempFileIn(tempDir);
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.byteLength;
      if (headLength < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(Buffer.from(piece));
        headLength += piece.byteLength;
      }
      callback(null, chunk);
    },
  });
  try {
    const write = createWriteStream(file, { mode: 0o600, flags: "wx" });
    await (throttle ? pipeline(source, throttle, tap, write) : pipeline(source, tap, write));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, size, sha256: hash.digest("hex"), head: Buffer.concat(head), fileName };
}
