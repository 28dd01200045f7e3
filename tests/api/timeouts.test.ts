// A client that trickles its body (a byte now and then, never idle long enough for the inactivity timeout) is
// cut off once the request timeout has passed: before, 200 such connections were held for as long as they liked.
// Real sockets; the timeouts are shortened for the test (the defaults and why: server/app.ts DEFAULT_TIMEOUTS).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { DEFAULT_TIMEOUTS } from "../../server/app.ts";

const REQUEST_TIMEOUT = 1500;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ timeouts: { requestTimeout: REQUEST_TIMEOUT, connectionTimeout: 10_000, checkIntervalMs: 250 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends a login request's headers, then one body byte every `everyMs`; resolves when the server ends the connection. */
function trickle(everyMs: number): Promise<{ afterMs: number; sent: number; reply: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    const body = JSON.stringify({ email: "lento@exemplo.ao", password: "x".repeat(400) });
    let sent = 0;
    let reply = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(`POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, everyMs);
    });
    socket.on("data", (chunk) => (reply += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, sent, reply });
    });
  });
}

describe("request timeout", () => {
  it("closes a slow-body connection once the request timeout has passed, long before its body is complete", async () => {
    const results = await Promise.all([trickle(100), trickle(100), trickle(100)]);
    for (const { afterMs, sent, reply } of results) {
      // The body (≈ 440 bytes at one per 100 ms) would take 44 s; the server ends it after the timeout.
      expect(sent).toBeLessThan(100);
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT - 100);
      expect(afterMs).toBeLessThan(REQUEST_TIMEOUT + 3000);
      expect(reply === "" || reply.startsWith("HTTP/1.1 408")).toBe(true);
    }
  });

  it("still serves a normal request on the same server", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/product/list`);
    expect(res.status).toBe(200);
  });

  it("leaves a 10 MB upload at 3G's slowest uplink (384 kbit/s) time to arrive by default", () => {
    const seconds = (10 * 1024 * 1024 * 8) / 384_000;
    expect(DEFAULT_TIMEOUTS.requestTimeout / 1000).toBeGreaterThan(seconds * 1.2);
    expect(DEFAULT_TIMEOUTS.connectionTimeout).toBeGreaterThan(DEFAULT_TIMEOUTS.keepAliveTimeout);
  });
});
