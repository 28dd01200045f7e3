// A local stand-in for a browser's push service (what FCM or Mozilla's autopush do): an HTTPS server with a
// throw-away self-signed certificate that records each web-push POST, and a browser-side subscription (a P-256
// key pair and an auth secret) able to decrypt what it received, as the browser would.
import { spawnSync } from "node:child_process";
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, Agent } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";
import type { PushEndpointPolicy } from "../../server/notifications/push/endpoints.ts";

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  /** Base of the endpoints, https://127.0.0.1:<port>. */
  origin: string;
  /** Trusts the service's certificate. */
  agent: Agent;
  /**
   * The push-endpoint rule for a shop that pushes to this stand-in only (a deps option, `pushEndpoints`, or
   * createPushSender's `endpoints`): production's rule admits only the browsers' push services.
   */
  endpoints: PushEndpointPolicy;
  requests: PushRequest[];
  /** The status answered to every push from now on (201 accepted; 410 gone; 500 outage). */
  answer(status: number): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "loja-push-"));
  try {
    const result = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "pipe" },
    );
    if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr.toString()}`);
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const requests: PushRequest[] = [];
  let status = 201;
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: cert });
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    endpoints: {
      isPushService: (endpoint) => endpoint.startsWith(`https://127.0.0.1:${port}/`),
      resolvesPublic: async (endpoint) => endpoint.startsWith(`https://127.0.0.1:${port}/`),
      agent,
    },
    requests,
    answer(code) {
      status = code;
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a browser creates on subscribe: its keys stay here, the public parts go to the server. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts an aes128gcm push body with the browser's private key and auth secret. */
  decrypt(body: Buffer): string;
}

export function browserSubscription(service: PushService, name = randomBytes(6).toString("hex")): BrowserSubscription {
  const ecdh: ECDH = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint: `${service.origin}/push/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    decrypt: (body) => decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth.toString("base64url") }).toString("utf8"),
  };
}
