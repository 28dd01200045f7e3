// A local stand-in for an S3-compatible object store: PUT, GET (with Range) and HEAD of objects in memory, path-style
// (/<bucket>/<key>). Each request must carry a SigV4 Authorization header for the expected key and region whose
// signature is the one the secret gives for the headers it names (recomputed here as S3 does), and a PUT's
// x-amz-content-sha256 must be its body's hash; anything else is a 403 like S3's.
import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  requests: { method: string; key: string; authorization: string; range?: string }[];
  close(): Promise<void>;
}

/** The Authorization S3 would expect for this request: re-signed with the secret over the headers it says it signed. */
async function expectedAuthorization(
  req: http.IncomingMessage,
  signedNames: string[],
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<string> {
  const headers = Object.fromEntries(signedNames.map((name) => [name, String(req.headers[name] ?? "")]));
  const signer = new AwsV4Signer({
    method: req.method!,
    url: `http://${req.headers.host}${req.url}`,
    headers,
    ...keys,
    service: "s3",
    datetime: String(req.headers["x-amz-date"]),
    allHeaders: true,
  });
  return (await signer.sign()).headers.get("authorization") ?? "";
}

export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3["requests"] = [];
  const authShape = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/\\d{8}/${options.region}/s3/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$`,
  );
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const [, bucket, ...rest] = decodeURIComponent(new URL(req.url!, "http://x").pathname).split("/");
      const key = rest.join("/");
      const authorization = req.headers.authorization ?? "";
      requests.push({ method: req.method!, key, authorization, range: req.headers.range });
      const signed = authShape.exec(authorization)?.[1]?.split(";") ?? [];
      const body = Buffer.concat(chunks);
      const payloadHash = req.headers["x-amz-content-sha256"];
      if (bucket !== options.bucket) return res.writeHead(404).end("NoSuchBucket");
      if (!["host", "x-amz-content-sha256", "x-amz-date"].every((h) => signed.includes(h)) || !req.headers["x-amz-date"])
        return res.writeHead(403).end("SignatureDoesNotMatch");
      if ((await expectedAuthorization(req, signed, options)) !== authorization) return res.writeHead(403).end("SignatureDoesNotMatch");
      if (req.method === "PUT") {
        if (payloadHash !== createHash("sha256").update(body).digest("hex")) return res.writeHead(400).end("XAmzContentSHA256Mismatch");
        objects.set(key, body);
        return res.writeHead(200, { etag: `"${payloadHash}"` }).end();
      }
      const object = objects.get(key);
      if (!object) return res.writeHead(404).end(req.method === "HEAD" ? undefined : "NoSuchKey");
      if (req.method === "HEAD") return res.writeHead(200, { "content-length": object.byteLength }).end();
      if (req.method !== "GET") return res.writeHead(405).end();
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
      if (range) {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.byteLength - 1)];
        return res.writeHead(206, { "content-range": `bytes ${start}-${end}/${object.byteLength}` }).end(object.subarray(start, end + 1));
      }
      res.writeHead(200, { "content-length": object.byteLength }).end(object);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
