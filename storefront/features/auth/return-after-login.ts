// Pages a shopper is sent back to once signed in; any other way to /login ends on / (docs/product/accounts.md#login-page).
const RETURN_PATHS = ["/place-order"] as const;
type ReturnPath = (typeof RETURN_PATHS)[number];

/**
 * What the checkout hands to /login (docs/product/checkout.md#placing-an-order): the name and e-mail typed in the
 * form (the sign-up form starts with them), and that the order is to be placed as soon as the shopper is back.
 */
export interface CheckoutHandOver {
  placeOrder: true;
  name: string;
  email: string;
}

/** Navigation options for sending the shopper to /login and back here afterwards (from checkout: with its hand-over). */
export const returnHereAfterLogin = (path: ReturnPath, handOver?: CheckoutHandOver) => ({ state: { returnTo: path, ...handOver } });

/** Where /login goes once a token exists, from the navigation state that brought the shopper there. */
export function pathAfterLogin(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return RETURN_PATHS.find((p) => p === returnTo) ?? "/";
}

/** The checkout's hand-over in /login's navigation state, or null (any other way to /login). */
export function checkoutHandOver(state: unknown): CheckoutHandOver | null {
  const s = state as Partial<Record<keyof CheckoutHandOver, unknown>> | null;
  if (s?.placeOrder !== true) return null;
  return { placeOrder: true, name: typeof s.name === "string" ? s.name : "", email: typeof s.email === "string" ? s.email : "" };
}

/** The state /login hands back to the checkout: place the order now. */
export const placeOrderNow = { placeOrder: true } as const;

/** Whether the checkout was opened to place the order at once (back from /login with the hand-over). */
export const placesOrderNow = (state: unknown): boolean => (state as { placeOrder?: unknown } | null)?.placeOrder === true;
