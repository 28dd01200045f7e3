// Session tokens: JWT HS256 (jose) with expiry. The secret comes from JWT_SECRET, or on the embedded default is
// generated once and kept under DATA_DIR so restarts keep everyone signed in.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { SignJWT, jwtVerify, errors } from "jose";

export type Role = "customer" | "support" | "admin";
export interface TokenClaims {
  userId: string;
  role: Role;
  /** The account's session version when the token was signed (claim `sv`): see sessions.ts. */
  sessionVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Undefined for a missing, malformed, forged or expired token. */
  verify(token: string | undefined): Promise<TokenClaims | undefined>;
}

const ROLES = new Set<Role>(["customer", "support", "admin"]);

export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  try {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** How many verified tokens are remembered: every shopper active in the last minutes fits many times over. */
const VERIFIED_CACHE_SIZE = 20_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // One CryptoKey for the process: handing jose the raw bytes makes it import the key again on every call, which
  // was a tenth of a cart write's CPU.
  const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  // A JWT is immutable and carries its own expiry, so a token that verified once verifies again until `exp`:
  // remembering the answer spares the HMAC (WebCrypto in Node is a third of a cart write's CPU) on the requests
  // that follow, and the rate limiter's check before authentication costs nothing. Failures are not remembered.
  const verified = new LRUCache<string, TokenClaims & { exp: number }>({ max: VERIFIED_CACHE_SIZE });
  return {
    sign: async ({ userId, role, sessionVersion }) =>
      // A random id makes every sign-in's token its own, even two in one second (a password change tells the
      // caller's token from the account's others).
      new SignJWT({ role, sv: sessionVersion })
        .setJti(randomBytes(12).toString("base64url"))
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      if (!token || token.length > 4096) return undefined;
      const now = Date.now() / 1000;
      const known = verified.get(token);
      if (known) {
        if (now < known.exp) return { userId: known.userId, role: known.role, sessionVersion: known.sessionVersion };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"] });
        const role = payload.role as Role;
        if (typeof payload.sub !== "string" || !ROLES.has(role)) return undefined;
        // Tokens signed before session versions existed carry none: they belong to version 0, the column's default.
        const sessionVersion = payload.sv ?? 0;
        if (!Number.isSafeInteger(sessionVersion)) return undefined;
        const claims = { userId: payload.sub, role, sessionVersion: sessionVersion as number };
        // jose refused an expired token already; a token without `exp` (never issued here) is not remembered.
        if (typeof payload.exp === "number") verified.set(token, { ...claims, exp: payload.exp });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
