// "Esqueceu sua senha?": a single-use link valid for 30 minutes. The token (32 random bytes, base64url) travels
// only in the e-mail; the database keeps its sha256, so a leaked database cannot reset anyone's password.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { passwordResetRepository } from "./password-reset-repository.ts";

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export const hashResetToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** 32 bytes in base64url, without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface ResetRequest {
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
