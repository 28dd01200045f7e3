// POST /api/user/firebase-login: Firebase ID tokens verified with jose against a JWKS served by the test,
// tokens signed by the test's own RS256 key.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from "jose";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { expectError, post } from "./commerce-fixtures.ts";

const PROJECT = "loja-teste";
const KID = "chave-1";
let jwks: Server;
let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
let strangerKey: CryptoKey;
let t: TestApp;
let bare: TestApp;
let phoneCounter = 0;

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  jwks = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
  t = await buildTestApp({ env: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: url } });
  bare = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

const newPhone = () => `+2449230${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter++).padStart(3, "0")}`;

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  issuedAt?: number;
}

/** An ID token shaped like Firebase's for a phone sign-in. */
function idToken(phone: string | undefined, o: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ phone_number: phone, auth_time: now - 5, firebase: { sign_in_provider: "phone" }, ...o.claims })
    .setProtectedHeader({ alg: "RS256", kid: o.kid ?? KID })
    .setIssuer(o.issuer ?? `https://securetoken.google.com/${PROJECT}`)
    .setAudience(o.audience ?? PROJECT)
    .setSubject("firebase-uid-123")
    .setIssuedAt(o.issuedAt ?? now - 5)
    .setExpirationTime(o.expiresIn ?? "1h")
    .sign(o.key ?? keys.privateKey);
}

const login = (body: unknown, app = t) => post(app, "/api/user/firebase-login", body);

describe("POST /api/user/firebase-login", () => {
  it("creates a customer for a new verified phone number and answers a session token", async () => {
    const phone = newPhone();
    const res = await login({ idToken: await idToken(phone) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; token: string; message: string };
    expect(body).toEqual({ success: true, token: expect.any(String), message: "Login realizado com sucesso!" });
    const claims = await t.deps.tokens.verify(body.token);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: claims!.userId } });
    expect([user.phone, user.role, user.email, user.passwordHash]).toEqual([phone, "customer", null, null]);
    // the token works like any shopper session
    expect((await post(t, "/api/cart/get", {}, { authorization: `Bearer ${body.token}` })).statusCode).toBe(200);
  });

  it("signs the same number in to the same account the next time", async () => {
    const phone = newPhone();
    const first = (await login({ idToken: await idToken(phone) })).json() as { token: string };
    const second = (await login({ idToken: await idToken(phone) })).json() as { token: string };
    expect((await t.deps.tokens.verify(first.token))!.userId).toBe((await t.deps.tokens.verify(second.token))!.userId);
    expect(await t.prisma.user.count({ where: { phone } })).toBe(1);
  });

  it("makes one account when the first two logins of a number arrive at once", async () => {
    const phone = newPhone();
    const token = await idToken(phone);
    const replies = await Promise.all(Array.from({ length: 5 }, () => login({ idToken: token })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await t.prisma.user.count({ where: { phone } })).toBe(1);
  });

  const BAD = "Código inválido ou expirado.";
  it.each<[string, () => Promise<string>]>([
    [
      "an expired token",
      () => idToken(newPhone(), { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    ["another project's token (audience)", () => idToken(newPhone(), { audience: "outro-projeto" })],
    ["another issuer", () => idToken(newPhone(), { issuer: "https://securetoken.google.com/outro-projeto" })],
    ["a token signed by a key Google did not publish", () => idToken(newPhone(), { key: strangerKey })],
    ["a token signed by an unknown key id", () => idToken(newPhone(), { key: strangerKey, kid: "desconhecida" })],
    [
      "a token whose sign-in lies in the future",
      () => idToken(newPhone(), { claims: { auth_time: Math.floor(Date.now() / 1000) + 3600 } }),
    ],
    [
      "an HS256 token",
      () =>
        new SignJWT({ phone_number: newPhone() })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuer(`https://securetoken.google.com/${PROJECT}`)
          .setAudience(PROJECT)
          .setSubject("x")
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("k".repeat(32))),
    ],
    [
      "an unsigned token",
      async () =>
        `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ phone_number: newPhone(), aud: PROJECT, iss: `https://securetoken.google.com/${PROJECT}`, sub: "x", exp: 9e9, iat: 1 })).toString("base64url")}.`,
    ],
    ["text that is not a JWT", async () => "isto-nao-e-um-token"],
  ])("refuses %s with 400 (a login, never 401) and creates nobody", async (_label, make) => {
    const before = await t.prisma.user.count();
    expectError(await login({ idToken: await make() }), 400, BAD);
    expect(await t.prisma.user.count()).toBe(before);
  });

  it("refuses a valid token without a phone number", async () => {
    expectError(await login({ idToken: await idToken(undefined) }), 400, "Este login não tem um número de telefone verificado");
  });

  it("refuses a deactivated account", async () => {
    const phone = newPhone();
    await login({ idToken: await idToken(phone) });
    await t.prisma.user.update({ where: { phone }, data: { active: false } });
    expectError(await login({ idToken: await idToken(phone) }), 400, "Esta conta está desativada");
  });

  it.each([
    [{}, "Campo obrigatório em falta: idToken"],
    [{ idToken: "" }, "O campo idToken é demasiado curto"],
    [{ idToken: 5 }, "Tipo inválido no campo idToken"],
    [{ idToken: "x", role: "admin" }, "Campo não permitido: role"],
  ])("refuses a malformed body %j with 400", async (body, message) => {
    expectError(await login(body), 400, message);
  });

  it("answers a clear 400 when phone login is not configured", async () => {
    expectError(await login({ idToken: await idToken(newPhone()) }, bare), 400, "Login por telefone não está disponível");
  });
});
