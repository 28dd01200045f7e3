// Bank details redirect every shopper's money: an admin changing them re-enters their own password, so a
// session left open or a stolen token is not enough. Failed attempts are throttled like sign-ins.
import { AppError } from "../errors.ts";
import type { LoginThrottle } from "../users/login-throttle.ts";
import { verifyPassword } from "../users/passwords.ts";
import type { UserRow } from "../users/repository.ts";

export const BANK_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar os dados bancários";
const TOO_MANY_ATTEMPTS = "Demasiadas tentativas falhadas. Tente novamente dentro de 15 minutos.";

export async function confirmBankChange(throttle: LoginThrottle, admin: Pick<UserRow, "id" | "passwordHash">, password: string | undefined): Promise<void> {
  const key = `settings-password:${admin.id}`;
  if (throttle.isBlocked(key)) throw new AppError(429, TOO_MANY_ATTEMPTS);
  if (!password) throw new AppError(403, BANK_PASSWORD_REQUIRED);
  if (!admin.passwordHash || !(await verifyPassword(admin.passwordHash, password))) {
    throttle.recordFailure(key);
    throw new AppError(403, BANK_PASSWORD_REQUIRED);
  }
  throttle.reset(key);
}
