// The S3-compatible media store (MEDIA_S3_* set): every instance reads and writes the same bucket, so several
// instances on PostgreSQL serve every file. Objects are `media/<sha256 prefix>/<sha256>`, path-style URLs
// (<endpoint>/<bucket>/<key>) as MinIO, Ceph, R2 and S3 itself accept. Uploads are still received into a local
// temp folder first (size limit, sniffing, hashing), then streamed to the bucket.
import { createReadStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsV4Signer } from "aws4fetch";
import { MediaMissingError, contentPath, type ByteRange, type MediaStore } from "./store.ts";
import type { S3Settings } from "../../config.ts";

/** The hex sha256 of no bytes: GET and HEAD sign it as their payload. */
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export type { S3Settings };

export class S3MediaStore implements MediaStore {
  readonly kind = "s3";
  constructor(
    private readonly settings: S3Settings,
    readonly tempDir: string,
  ) {
    mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  }

  private urlOf(sha256: string): URL {
    return new URL(
      `${this.settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(this.settings.bucket)}/media/${contentPath(sha256)}`,
    );
  }

  private async send(
    method: string,
    sha256: string,
    options: { payloadSha256?: string; headers?: Record<string, string>; body?: Readable | Uint8Array } = {},
  ): Promise<Response> {
    // SigV4 by aws4fetch. The payload's hash is given (a media object's name is its sha256), so the signer never
    // reads a streamed body; S3 needs only host, x-amz-date and x-amz-content-sha256 signed.
    const { accessKeyId, secretAccessKey, region } = this.settings;
    const signed = await new AwsV4Signer({
      method,
      url: this.urlOf(sha256).toString(),
      headers: { "x-amz-content-sha256": options.payloadSha256 ?? EMPTY_SHA256, ...options.headers },
      accessKeyId,
      secretAccessKey,
      region,
      service: "s3",
    }).sign();
    const body = options.body instanceof Readable ? (Readable.toWeb(options.body) as ReadableStream) : options.body;
    return fetch(signed.url, { method, headers: signed.headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit);
  }

  private async failure(response: Response, what: string): Promise<Error> {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    return new Error(`media store: ${what} answered ${response.status} ${detail}`);
  }

  async has(sha256: string): Promise<boolean> {
    const response = await this.send("HEAD", sha256);
    if (response.status === 404) return false;
    if (response.ok) return true;
    throw await this.failure(response, "HEAD");
  }

  private async put(sha256: string, size: number, body: Readable | Uint8Array): Promise<void> {
    // The object's name is the hash of its bytes, so the signature covers the payload for free.
    const response = await this.send("PUT", sha256, { payloadSha256: sha256, headers: { "content-length": String(size) }, body });
    if (!response.ok) throw await this.failure(response, "PUT");
    await response.body?.cancel();
  }

  async putFile(tempPath: string, sha256: string, size: number): Promise<void> {
    try {
      if (!(await this.has(sha256))) await this.put(sha256, size, createReadStream(tempPath));
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async putBytes(bytes: Uint8Array, sha256: string): Promise<void> {
    if (!(await this.has(sha256))) await this.put(sha256, bytes.byteLength, bytes);
  }

  async read(sha256: string, range?: ByteRange): Promise<Readable> {
    const response = await this.send("GET", sha256, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
    if (response.status === 404) {
      await response.body?.cancel();
      throw new MediaMissingError(`media object ${sha256} is missing`);
    }
    if (!response.ok || !response.body) throw await this.failure(response, "GET");
    return Readable.fromWeb(response.body as WebReadableStream);
  }
}
