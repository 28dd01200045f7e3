// Codes that are tried and turn out not to be valid, counted per client address and for the whole shop in the
// database (attempt_counters, the sign-in limits' mechanism), so every instance shares the counts and fresh accounts
// or a second replica do not reset them (docs/product/coupons.md#guessing). Only misses are counted — honest shoppers
// typing a live code spend nothing, and many placing one at the same moment from one carrier address are never
// refused for each other — but once an address or the shop has spent its misses, a live code is refused too: a
// guesser must not tell a hit from a miss by the 429.
import { type AttemptLimiter, tooManyRequests } from "../users/attempt-limiter.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Per address: a shopper retyping a code a few times never meets it; many Angolan phones share a carrier's address,
 * and they are not guessing codes. Shop-wide: the bound on guessing from many addresses — a dictionary of thousands
 * of words takes weeks; while it is spent, previews and orders with a code answer 429 for everyone (orders without
 * one are never refused for it).
 */
export const COUPON_GUESS_LIMITS = {
  perAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  shopWide: { max: 100, windowMs: HOUR },
} as const;

/** What counts the guesses of one request: the shop's limiter and the client's address (request.ip). */
export interface CouponGuard {
  attempts: AttemptLimiter;
  clientAddress: string;
}

const addressKey = (clientAddress: string) => `coupon-guess:address:${clientAddress}`;
const SHOP_KEY = "coupon-guess:shop";

/** A live code was found: refused all the same (429) when the address or the shop has spent its misses. */
export async function refuseWhenSpent({ attempts, clientAddress }: CouponGuard): Promise<void> {
  const address = await attempts.reached(addressKey(clientAddress), COUPON_GUESS_LIMITS.perAddress);
  if (address.reached) throw tooManyRequests(address.retryAfterMs);
  const shop = await attempts.reached(SHOP_KEY, COUPON_GUESS_LIMITS.shopWide);
  if (shop.reached) throw tooManyRequests(shop.retryAfterMs);
}

/**
 * A code that is not valid was tried: counted (one atomic upsert per key, so concurrent misses are counted exactly),
 * and refused with the shop's 429 instead of the answer once over the limit. An address over its own limit is
 * refused before the shop's count: hammering from it spends nobody else's.
 */
export async function countMiss({ attempts, clientAddress }: CouponGuard): Promise<void> {
  const address = await attempts.take(addressKey(clientAddress), COUPON_GUESS_LIMITS.perAddress);
  if (!address.allowed) throw tooManyRequests(address.retryAfterMs);
  const shop = await attempts.take(SHOP_KEY, COUPON_GUESS_LIMITS.shopWide);
  if (!shop.allowed) throw tooManyRequests(shop.retryAfterMs);
}
