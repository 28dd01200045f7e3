// Phone sign-in (docs/product/accounts.md#phone-sign-in): the storefront gets a Firebase ID token after the SMS code and sends
// it here. We verify it ourselves with jose against Google's published keys (the keys URL is configurable so
// tests serve their own), then find or create the customer by the token's phone number.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { usersRepository, type UserRow } from "./repository.ts";
import type { TokenService } from "./tokens.ts";

interface FirebaseConfig {
  projectId: string;
  jwksUrl: string;
}

const PHONE_LOGIN_UNAVAILABLE = "Login por telefone não está disponível";
/** The phone sign-in's fixed message: whatever is wrong with the token, the shopper asks for a new code. */
const BAD_CODE = "Código inválido ou expirado.";
const E164 = /^\+[1-9][0-9]{6,14}$/;

const keySets = new Map<string, JWTVerifyGetKey>();
/** One key set per URL for the process: jose caches the keys and refetches when an unknown key id appears. */
function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 6 * 3600_000 });
    keySets.set(url, set);
  }
  return set;
}

/** The verified phone number (E.164) of a Firebase ID token, or a 400. */
async function verifyFirebaseIdToken(config: FirebaseConfig, idToken: string): Promise<string> {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(config.jwksUrl), {
      algorithms: ["RS256"],
      issuer: `https://securetoken.google.com/${config.projectId}`,
      audience: config.projectId,
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: 5,
    }));
  } catch (error) {
    // Google's keys out of reach is our problem, not the shopper's token.
    if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && !(error instanceof errors.JOSEError))) {
      throw new AppError(503, "O serviço de login por telefone está indisponível. Tente novamente.");
    }
    throw new AppError(400, BAD_CODE);
  }
  const now = Date.now() / 1000;
  if (typeof payload.sub !== "string" || !payload.sub || payload.sub.length > 128) throw new AppError(400, BAD_CODE);
  if (typeof payload.auth_time === "number" && payload.auth_time > now + 5) throw new AppError(400, BAD_CODE);
  const phone = payload.phone_number;
  if (typeof phone !== "string" || !E164.test(phone)) throw new AppError(400, "Este login não tem um número de telefone verificado");
  return phone;
}

async function findOrCreateByPhone(db: Db, phone: string): Promise<UserRow> {
  const users = usersRepository(db);
  const existing = await users.findByPhone(phone);
  if (existing) return existing;
  try {
    return await users.create({ name: phone, phone, role: "customer" });
  } catch (error) {
    // Two first logins with one number at once: the unique index decides, the loser reads the winner's row.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await users.findByPhone(phone);
      if (winner) return winner;
    }
    throw error;
  }
}

export async function phoneLogin(
  db: Db,
  tokens: TokenService,
  config: FirebaseConfig | undefined,
  idToken: string,
): Promise<{ token: string; user: UserRow }> {
  if (!config) throw new AppError(400, PHONE_LOGIN_UNAVAILABLE);
  const phone = await verifyFirebaseIdToken(config, idToken);
  const user = await findOrCreateByPhone(db, phone);
  if (!user.active) throw new AppError(400, "Esta conta está desativada");
  return { user, token: await tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }) };
}
