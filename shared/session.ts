/**
 * The words for a session that ended (a missing, invalid or expired token, or an account gone): the server's 401
 * answer and the storefront's notice when it logs out (docs/design/contracts.md#the-401-rule).
 */
export const SESSION_EXPIRED = "Sessão expirada. Por favor, faça login novamente.";
