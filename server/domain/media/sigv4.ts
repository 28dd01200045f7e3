// AWS Signature Version 4 for the S3-compatible media store. Hand-written with node:crypto because no S3 client
// is installed (the AWS SDK is heavy; a small one such as aws4fetch would replace this file): S3 needs only
// PUT/GET/HEAD of single objects, signed with the headers below.
import { createHash, createHmac } from "node:crypto";

export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const hex = (data: string) => createHash("sha256").update(data).digest("hex");
/** RFC 3986 encoding of one path segment, as S3 expects (slashes between segments stay). */
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The headers to add to a request: x-amz-date, x-amz-content-sha256 and Authorization. `payloadSha256` is the
 * body's hex sha256 (a media object's own name), or the hash of the empty string for GET/HEAD.
 */
export function signS3Request(
  keys: SigningKeys,
  request: { method: string; url: URL; payloadSha256: string; headers?: Record<string, string> },
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const signed: Record<string, string> = {
    host: request.url.host,
    "x-amz-content-sha256": request.payloadSha256,
    "x-amz-date": amzDate,
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
  };
  const names = Object.keys(signed).sort();
  const canonicalRequest = [
    request.method,
    request.url.pathname.split("/").map((s) => encodeSegment(decodeURIComponent(s))).join("/"),
    "", // no query string
    names.map((n) => `${n}:${signed[n]}\n`).join(""),
    names.join(";"),
    request.payloadSha256,
  ].join("\n");
  const scope = `${day}/${keys.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  return {
    "x-amz-date": amzDate,
    "x-amz-content-sha256": request.payloadSha256,
    ...(request.headers ?? {}),
    authorization: `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}

export const EMPTY_SHA256 = hex("");
