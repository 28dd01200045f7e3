// Re-entering one's own password before what redirects money or power (bank details, shop contacts and alert
// addresses, creating any staff account, promoting to admin, setting an admin's password): a session left open or a stolen
// token is not enough. Wrong passwords are throttled per account like sign-ins.
import { AppError } from "../errors.ts";
import { LOGIN_LIMITS, type AttemptLimiter } from "./attempt-limiter.ts";
import { verifyPassword } from "./passwords.ts";
import type { UserRow } from "./repository.ts";

const TOO_MANY_ATTEMPTS = "Demasiadas tentativas falhadas. Tente novamente dentro de 15 minutos.";

/** Throws 403 with `message` unless `password` is the account's own; 429 after too many wrong ones. */
export async function confirmOwnPassword(
  attempts: AttemptLimiter,
  account: Pick<UserRow, "id" | "passwordHash">,
  password: string | undefined,
  message: string,
): Promise<void> {
  if (!password) throw new AppError(403, message);
  const key = `step-up-password:${account.id}`;
  if (!(await attempts.take(key, LOGIN_LIMITS.perAccount)).allowed) throw new AppError(429, TOO_MANY_ATTEMPTS);
  if (!account.passwordHash || !(await verifyPassword(account.passwordHash, password))) throw new AppError(403, message);
  await attempts.clear(key);
}
