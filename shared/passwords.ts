// The password rule, said to the shopper before they submit and enforced by the server (the sign-up rules'
// "Password é obrigatório" comes first). The list of common passwords is too large for a phone's first visit,
// so only the server checks it (server/domain/users/passwords.ts); the apps check length and blankness and show
// PASSWORD_HINT under the field.

const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_HINT = `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres; evite palavras-passe fáceis de adivinhar, como 12345678.`;
const PASSWORD_REQUIRED = "Password é obrigatório";
export const PASSWORD_TOO_SHORT = `A palavra-passe deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_BLANK = "A palavra-passe não pode ser feita só de espaços";
const PASSWORD_TOO_LONG = `A palavra-passe pode ter no máximo ${MAX_PASSWORD_LENGTH} caracteres`;
export const PASSWORD_COMMON = "Essa palavra-passe é demasiado comum e fácil de adivinhar: escolha outra";

/** The first rule a new password breaks that the apps can check themselves, or null. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_REQUIRED;
  if (!password.trim()) return PASSWORD_BLANK;
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if ([...password].length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}
