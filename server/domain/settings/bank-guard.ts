// Bank details redirect every shopper's money: an admin changing them re-enters their own password, so a
// session left open or a stolen token is not enough. Failed attempts are throttled like sign-ins.
import { AppError } from "../errors.ts";
import { LOGIN_LIMITS, type AttemptLimiter } from "../users/attempt-limiter.ts";
import { verifyPassword } from "../users/passwords.ts";
import type { UserRow } from "../users/repository.ts";

export const BANK_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar os dados bancários";
const TOO_MANY_ATTEMPTS = "Demasiadas tentativas falhadas. Tente novamente dentro de 15 minutos.";

export async function confirmBankChange(
  attempts: AttemptLimiter,
  admin: Pick<UserRow, "id" | "passwordHash">,
  password: string | undefined,
): Promise<void> {
  if (!password) throw new AppError(403, BANK_PASSWORD_REQUIRED);
  const key = `settings-password:${admin.id}`;
  if (!(await attempts.take(key, LOGIN_LIMITS.perAccount)).allowed) throw new AppError(429, TOO_MANY_ATTEMPTS);
  if (!admin.passwordHash || !(await verifyPassword(admin.passwordHash, password))) throw new AppError(403, BANK_PASSWORD_REQUIRED);
  await attempts.clear(key);
}
