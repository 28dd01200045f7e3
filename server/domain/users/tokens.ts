// Session tokens: JWT HS256 (jose) with expiry. The secret comes from JWT_SECRET, or on the embedded default is
// generated once and kept under DATA_DIR so restarts keep everyone signed in.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SignJWT, jwtVerify, errors } from "jose";

export type Role = "customer" | "support" | "admin";
export interface TokenClaims {
  userId: string;
  role: Role;
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

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role }) =>
      new SignJWT({ role }).setProtectedHeader({ alg: "HS256" }).setSubject(userId).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
    async verify(token) {
      if (!token || token.length > 4096) return undefined;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const role = payload.role as Role;
        if (typeof payload.sub !== "string" || !ROLES.has(role)) return undefined;
        return { userId: payload.sub, role };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
