// Bank details redirect every shopper's money, and the shop's contacts and alert addresses redirect what
// shoppers and staff are told: an admin changing them re-enters their own password (users/step-up.ts).
import type { AttemptLimiter } from "../users/attempt-limiter.ts";
import type { UserRow } from "../users/repository.ts";
import { confirmOwnPassword } from "../users/step-up.ts";

export const BANK_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar os dados bancários";
export const CONTACTS_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar os contactos da loja ou os alertas por email";
export const MESSAGING_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar os envios de WhatsApp e SMS (países e limites)";

export async function confirmBankChange(
  attempts: AttemptLimiter,
  admin: Pick<UserRow, "id" | "passwordHash">,
  password: string | undefined,
  message = BANK_PASSWORD_REQUIRED,
): Promise<void> {
  await confirmOwnPassword(attempts, admin, password, message);
}
