// Client addresses (and so the per-address login throttle) come from X-Forwarded-For only when TRUST_PROXY names
// the proxy the request came through. Before, `trustProxy: true` let anyone rotate the header to escape the throttle.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { LOGIN_LIMITS } from "../../server/domain/users/attempt-limiter.ts";

const LIMIT = LOGIN_LIMITS.perAddress.max;
const ATTEMPTS = LIMIT + 1; // the throttle refuses after this many failures from one address

async function failedLogins(t: TestApp, remoteAddress: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    // A different account each time and a different claimed client each time: only the address can add up.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      remoteAddress,
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}` },
      payload: { email: uniqueEmail("xff"), password: `errada-${i}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("TRUST_PROXY unset (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For: a rotated header does not escape the login throttle", async () => {
    const statuses = await failedLogins(t, "10.77.0.1");
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});

describe("TRUST_PROXY=127.0.0.1", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
  });
  afterAll(() => t.close());

  it("takes the client address from X-Forwarded-For when the request comes through that proxy", async () => {
    const statuses = await failedLogins(t, "127.0.0.1");
    expect(statuses).toEqual(Array(ATTEMPTS).fill(400));
  });

  it("still ignores the header from anyone else", async () => {
    const statuses = await failedLogins(t, "10.77.0.2");
    expect(statuses[LIMIT]).toBe(429);
  });
});
