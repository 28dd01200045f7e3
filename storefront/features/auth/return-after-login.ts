// Pages a shopper is sent back to once signed in; any other way to /login ends on / (docs/product/accounts.md#login-page).
const RETURN_PATHS = ["/place-order"] as const;
type ReturnPath = (typeof RETURN_PATHS)[number];

/** Navigation options for sending the shopper to /login and back here afterwards. */
export const returnHereAfterLogin = (path: ReturnPath) => ({ state: { returnTo: path } });

/** Where /login goes once a token exists, from the navigation state that brought the shopper there. */
export function pathAfterLogin(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return RETURN_PATHS.find((p) => p === returnTo) ?? "/";
}
