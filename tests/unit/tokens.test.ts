// The session token service on its own: the cache of verified tokens must never make a token last longer, or
// let a forged or altered token through because a genuine one was seen before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { createTokenService } from "../../server/domain/users/tokens.ts";

const SECRET = "token-test-secret-that-is-long-enough-0123456789";

describe("session tokens", () => {
  afterEach(() => vi.useRealTimers());

  it("refuses a token once it expires, even after it was verified (and remembered) before", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T10:00:00Z") });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign({ userId: "u1", role: "customer", sessionVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: "u1", role: "customer", sessionVersion: 3 });
    vi.setSystemTime(new Date("2026-11-23T10:00:59Z"));
    expect(await tokens.verify(token)).toEqual({ userId: "u1", role: "customer", sessionVersion: 3 });
    vi.setSystemTime(new Date("2026-11-23T10:01:00Z"));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it("refuses an altered copy of a remembered token and one signed with another secret", async () => {
    const tokens = createTokenService(SECRET, 3600);
    const token = await tokens.sign({ userId: "u1", role: "customer", sessionVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: "u1", role: "customer", sessionVersion: 3 });

    const [header, , signature] = token.split(".");
    const adminPayload = Buffer.from(JSON.stringify({ role: "admin", sub: "u1", iat: 1, exp: 4_000_000_000 })).toString("base64url");
    expect(await tokens.verify(`${header}.${adminPayload}.${signature}`)).toBeUndefined();

    const other = await new SignJWT({ role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(`${SECRET}-other`));
    expect(await tokens.verify(other)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual({ userId: "u1", role: "customer", sessionVersion: 3 });
  });

  it("carries the session version, and reads a token signed before versions existed as version 0", async () => {
    const tokens = createTokenService(SECRET, 3600);
    const older = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(older)).toEqual({ userId: "u1", role: "customer", sessionVersion: 0 });
    const odd = await new SignJWT({ role: "customer", sv: "1" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(odd)).toBeUndefined();
  });

  it("signs each sign-in a token of its own, even within one second", async () => {
    const tokens = createTokenService(SECRET, 3600);
    const claims = { userId: "u1", role: "customer", sessionVersion: 0 } as const;
    const [a, b] = await Promise.all([tokens.sign(claims), tokens.sign(claims)]);
    expect(a).not.toBe(b);
  });

  it("refuses missing, oversized and malformed tokens", async () => {
    const tokens = createTokenService(SECRET, 3600);
    for (const bad of [undefined, "", "abc", "a.b.c", "x".repeat(5000)]) expect(await tokens.verify(bad)).toBeUndefined();
  });
});
