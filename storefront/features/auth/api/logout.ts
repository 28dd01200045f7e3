import { api } from "../../../lib/api-client.ts";

/**
 * Ends the account's sessions on the server (every device). Best effort: the request leaves with the current
 * token at once and the caller clears the token without waiting, so a slow or absent network never keeps the
 * shopper signed in here.
 */
export function endServerSessions(): void {
  api("/api/user/logout", { method: "POST", quiet: true }).catch(() => {});
}
