// Sign-in and sign-up limits that hold: counted per account and per address in the database, so no one's
// success resets them, rotating addresses does not escape them, concurrent requests cannot overtake them, and
// every instance on one PostgreSQL shares them. (Before: one in-memory count per address, reset by any success.)
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { LOGIN_LIMITS, PHONE_LOGIN_LIMIT } from "../../server/domain/users/attempt-limiter.ts";
import { expectError } from "./admin-fixtures.ts";

const PER_ACCOUNT = LOGIN_LIMITS.perAccount.max;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${7 + (process.pid % 200)}`;

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string, url = "/api/user/login") =>
  app.inject({ method: "POST", url, remoteAddress, payload: { email, password } });
const signUp = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/user/register",
    remoteAddress,
    payload: { name: "Nova", email: uniqueEmail("limite"), password: "uma-senha-boa" },
  });

describe("failed sign-ins per account", () => {
  it("an attacker's own valid sign-ins between guesses do not reset the count on the victim's account", async () => {
    const victim = await registerCustomer(t.app);
    const attacker = await registerCustomer(t.app);
    const address = freshAddress();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expectError(await login(t.app, victim.email, `palpite-${i}`, address), 400, "Email ou palavra-passe inválidos");
      expect((await login(t.app, attacker.email, attacker.password, address)).statusCode).toBe(200);
    }
    // Even the right password is refused now: the guesser cannot tell a hit from a miss.
    expectError(await login(t.app, victim.email, victim.password, address), 429, /Demasiadas tentativas de login falhadas/);
  });

  it("rotating addresses does not escape the limit on one account (the e-mail is normalised)", async () => {
    const victim = await registerCustomer(t.app);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const email = i % 2 ? ` ${victim.email.toUpperCase()} ` : victim.email;
      expectError(await login(t.app, email, `palpite-${i}`, freshAddress()), 400);
    }
    expectError(await login(t.app, victim.email, victim.password, freshAddress()), 429, /Demasiadas tentativas/);
  });

  it("counts staff sign-in failures on the same account as the shop's", async () => {
    const staff = await createStaff(t, "support");
    for (let i = 0; i < PER_ACCOUNT; i++)
      expectError(await login(t.app, staff.email, `palpite-${i}`, freshAddress(), "/admin/api/auth/login"), 400);
    expectError(await login(t.app, staff.email, staff.password, freshAddress(), "/admin/api/auth/login"), 429);
    expectError(await login(t.app, staff.email, staff.password, freshAddress()), 429);
  });

  it("lets no more than the limit through when the guesses arrive at once", async () => {
    const victim = await registerCustomer(t.app);
    const results = await Promise.all(
      Array.from({ length: PER_ACCOUNT + 5 }, (_, i) => login(t.app, victim.email, `palpite-${i}`, freshAddress())),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(PER_ACCOUNT);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it("starts counting afresh when the window has passed, and a good sign-in clears the account's failures", async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < PER_ACCOUNT; i++) await login(t.app, c.email, `palpite-${i}`, freshAddress());
    expectError(await login(t.app, c.email, c.password, freshAddress()), 429);
    await t.prisma.attemptCounter.updateMany({
      where: { key: `login:account:${c.email}` },
      data: { windowEndsAt: new Date(Date.now() - 60_000) },
    });
    expect((await login(t.app, c.email, c.password, freshAddress())).statusCode).toBe(200);
    expect(await t.prisma.attemptCounter.findUnique({ where: { key: `login:account:${c.email}` } })).toBeNull();
  });
});

describe("failed sign-ins per address", () => {
  it("an attacker's own valid sign-ins do not reset the address's count while spraying many accounts", async () => {
    const attacker = await registerCustomer(t.app);
    const address = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.max; i++) {
      expectError(await login(t.app, uniqueEmail("alvo"), "password1", address), 400);
      if (i % 10 === 0) expect((await login(t.app, attacker.email, attacker.password, address)).statusCode).toBe(200);
    }
    expectError(await login(t.app, uniqueEmail("alvo"), "password1", address), 429);
    expect((await login(t.app, attacker.email, attacker.password, freshAddress())).statusCode).toBe(200);
  });
});

describe("sign-ups per address", () => {
  it("refuses exactly the 31st sign-up of a window of 30, also when all 31 arrive at once", async () => {
    const limited = await buildTestApp({ limits: { registerPerWindow: 30 } });
    try {
      const address = freshAddress();
      const results = await Promise.all(Array.from({ length: 31 }, () => signUp(limited.app, address)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30);
      const refused = results.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(1);
      expectError(refused[0]!, 429, /^Demasiados pedidos\. Tente novamente dentro de \d+ segundos\.$/);
      expectError(await signUp(limited.app, address), 429);
      expect((await signUp(limited.app, freshAddress())).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts one by one: the limit's next sign-up is refused", async () => {
    const limited = await buildTestApp({ limits: { registerPerWindow: 5 } });
    try {
      const address = freshAddress();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await signUp(limited.app, address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("phone sign-ins per address", () => {
  it("refuses attempts over the limit with the shop's 429 message", async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i <= PHONE_LOGIN_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/firebase-login",
        remoteAddress: address,
        payload: { idToken: `token-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PHONE_LOGIN_LIMIT.max).every((s) => s !== 429)).toBe(true);
    expect(statuses[PHONE_LOGIN_LIMIT.max]).toBe(429);
  });
});

// Each project registers only the suite for its database, so nothing shows as skipped.
if (inject("dbKind") === "postgres")
  describe("two instances on one PostgreSQL database share the counts", () => {
    let b: TestApp;
    let limitedA: TestApp;
    let limitedB: TestApp;

    beforeAll(async () => {
      b = await buildOtherInstance(t);
      limitedA = await buildTestApp({ limits: { registerPerWindow: 4 } });
      limitedB = await buildOtherInstance(limitedA, { limits: { registerPerWindow: 4 } });
    });
    afterAll(async () => {
      await b?.close();
      await limitedB?.close();
      await limitedA?.close();
    });

    it("failed sign-ins on A and B add up on one account", async () => {
      const victim = await registerCustomer(t.app);
      for (let i = 0; i < PER_ACCOUNT; i++)
        expectError(await login(i % 2 ? b.app : t.app, victim.email, `palpite-${i}`, freshAddress()), 400);
      expectError(await login(t.app, victim.email, victim.password, freshAddress()), 429);
      expectError(await login(b.app, victim.email, victim.password, freshAddress()), 429);
    });

    it("sign-ups on A and B add up per address", async () => {
      const address = freshAddress();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await signUp(i % 2 ? limitedB.app : limitedA.app, address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200]);
      expectError(await signUp(limitedA.app, address), 429);
      expectError(await signUp(limitedB.app, address), 429);
    });
  });
