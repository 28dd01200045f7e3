// "Esqueceu sua senha?" (the login page's link): a single-use link valid for 30 minutes. The token (32 random bytes, base64url) travels
// only in the e-mail; the database keeps its sha256, so a leaked database cannot reset anyone's password.
import { createHash, randomBytes } from "node:crypto";
import type { Db, PrismaClient } from "../../db/client.ts";
import { EMAIL_PATTERN } from "../../../shared/checkout.ts";
import { emitEvents } from "../events/emit.ts";
import type { SecretKeeper } from "./secrets.ts";
import { AppError } from "../errors.ts";
import { passwordResetRepository } from "./password-reset-repository.ts";
import { assertAcceptablePassword, hashPassword } from "./passwords.ts";
import { usersRepository } from "./repository.ts";
import type { Sessions } from "./sessions.ts";

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Links one account may be sent per window: enough for a lost mail, too few to flood an inbox. */
export const RESET_LINKS_PER_WINDOW = 3;
const RESET_LINKS_WINDOW_MS = 15 * 60_000;

export const FORGOT_PASSWORD_REPLY =
  "Se existir uma conta com este e-mail, enviámos um link para criar uma nova palavra-passe. O link é válido durante 30 minutos.";
export const PASSWORD_RESET_DONE = "Palavra-passe alterada. Já pode entrar com a nova palavra-passe.";
const RESET_LINK_INVALID = "Este link já não é válido. Peça um novo.";

export const hashResetToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** 32 bytes in base64url, without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface ResetRequest {
  /** Goes into the link (/reset-password?token=…) and nowhere else. */
  token: string;
  userId: string;
  name: string;
  email: string;
  expiresAt: Date;
}

/**
 * A reset link for the active account with this e-mail, or null when there is none. The caller answers the
 * shopper the same way in both cases (no account enumeration) and enqueues the mail only when there is a request.
 */
export async function createResetToken(db: Db, email: string): Promise<ResetRequest | null> {
  const repo = passwordResetRepository(db);
  const user = await repo.findActiveUserByEmail(email.trim().toLowerCase());
  if (!user?.email) return null;
  await repo.lockUser(user.id);
  if ((await repo.countSince(user.id, new Date(Date.now() - RESET_LINKS_WINDOW_MS))) >= RESET_LINKS_PER_WINDOW) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  await repo.create(user.id, hashResetToken(token), expiresAt);
  return { token, userId: user.id, name: user.name, email: user.email, expiresAt };
}

/**
 * Uses the token: the account's id when it was valid (unused, unexpired), null otherwise. Run it in the
 * transaction that sets the new password and ends the account's sessions, so a failure there leaves it unused.
 */
export async function consumeResetToken(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const repo = passwordResetRepository(db);
  const userId = await repo.consume(hashResetToken(token));
  if (userId) await repo.retireOthers(userId);
  return userId;
}

/**
 * "Esqueceu sua senha?" (the login page's link): writes the link and its e-mail to the outbox in one transaction, the token
 * sealed with `sealer` (the outbox erases it once the mail is sent). False when no mail was enqueued (unknown,
 * deactivated or rate-limited address); the route answers the same either way.
 */
export async function requestPasswordReset(db: PrismaClient, email: string, sealer: SecretKeeper): Promise<boolean> {
  if (!EMAIL_PATTERN.test(email.trim())) return false;
  return db.$transaction(async (tx) => {
    const request = await createResetToken(tx, email);
    if (!request) return false;
    // The mail is written from its event (server/subscribers/account-messages.ts), the token sealed in both.
    await emitEvents(tx, {
      name: "password.reset_requested",
      orderId: null,
      payload: { userId: request.userId, name: request.name, email: request.email, sealedToken: sealer.seal({ token: request.token }) },
    });
    return true;
  });
}

/** Sets the new password from a reset link, and ends every session of the account (all devices). */
export async function resetPassword(db: PrismaClient, sessions: Sessions, input: { token: string; password: string }): Promise<void> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const ended = await db.$transaction(async (tx) => {
    const userId = await consumeResetToken(tx, input.token);
    // A link of an account deactivated since it was sent is no longer valid either (the transaction rolls back).
    const user = userId ? await usersRepository(tx).findById(userId) : null;
    if (!user?.active) throw new AppError(400, RESET_LINK_INVALID);
    return { userId: user.id, version: await usersRepository(tx).endSessions(user.id, { passwordHash }) };
  });
  await sessions.ended(ended);
}
