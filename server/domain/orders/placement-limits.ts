// Who may place how many orders (docs/product/checkout.md#placement-limits). An audit placed 120 orders in 6 s from
// one address with four fresh accounts and held a product's whole stock with unpaid orders; so:
// - at most MAX_OPEN_UNPAID_ORDERS open unpaid orders per account and per delivery phone (whichever accounts placed
//   them), checked inside the placement's transaction under advisory locks on the account and on the phone: two
//   placements at once queue there, and the second counts the first's order;
// - placements per client address and for the whole shop per hour, counted in the database (attempt_counters,
//   shared by every instance) before the order is written, and given back when it is not.
import type { Db } from "../../db/client.ts";
import { phoneDigits, toE164 } from "../../../shared/phones.ts";
import { TOO_MANY_UNPAID_FOR_PHONE, TOO_MANY_UNPAID_ORDERS } from "../../../shared/unpaid-orders.ts";
import { AppError } from "../errors.ts";
import type { AttemptLimit, AttemptLimiter } from "../users/attempt-limiter.ts";
import { ordersRepository } from "./repository.ts";

/** The window of the per-address and shop-wide placement counts. */
export const PLACEMENT_WINDOW_MS = 60 * 60 * 1000;

const inMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const tooManyFromAddress = (retryAfterMs: number) =>
  new AppError(
    429,
    `Foram feitos demasiados pedidos a partir desta ligação à Internet. Tente novamente dentro de ${inMinutes(retryAfterMs)} minutos.`,
  );
const shopBusy = (retryAfterMs: number) =>
  new AppError(
    429,
    `A loja está a receber demasiados pedidos neste momento. Tente novamente dentro de ${inMinutes(retryAfterMs)} minutos.`,
  );

/** What a placement is counted against: the client's address (as the request limiter keys it) and the two limits. */
export interface PlacementAllowance {
  attempts: AttemptLimiter;
  /** The client address (TRUST_PROXY decides whose), an IPv6 one as its /64. */
  address: string;
  perAddress: number;
  /** The shop setting "Encomendas por hora (toda a loja)". */
  shopPerHour: number;
  /** Open unpaid orders per account and per delivery phone: MAX_OPEN_UNPAID_ORDERS (app.ts's AppLimits). */
  openUnpaid: number;
}

const addressKey = (address: string) => `place:address:${address}`;
const SHOP_KEY = "place:shop";

/**
 * Counts this placement against its address and the whole shop (one statement); over either limit it is refused
 * (429) and not counted. Returns what gives the count back when the order ends up not written.
 */
export async function takePlacement(a: PlacementAllowance): Promise<() => Promise<void>> {
  const limit = (max: number): AttemptLimit => ({ max, windowMs: PLACEMENT_WINDOW_MS });
  const keys = [addressKey(a.address), SHOP_KEY];
  const over = await a.attempts.takeAll([
    { key: keys[0]!, limit: limit(a.perAddress) },
    { key: SHOP_KEY, limit: limit(a.shopPerHour) },
  ]);
  const giveBack = async () => {
    for (const key of keys) await a.attempts.giveBack(key);
  };
  if (over) {
    await giveBack();
    throw over.key === SHOP_KEY ? shopBusy(over.retryAfterMs) : tooManyFromAddress(over.retryAfterMs);
  }
  return giveBack;
}

/**
 * The digits a delivery phone is compared by: its E.164 form's, as orders.delivery_phone keeps them (9 national
 * digits for Angola: shared/phones.ts). A foreign number typed with "00" is stored with them: the repository
 * compares both forms.
 */
export const openOrderPhone = (phone: string): string => phoneDigits(toE164(phone) ?? phone);

/** Refuses (409) an order beyond `max` (3) open unpaid ones of the account, or of the delivery phone across accounts. */
async function refuseOverCap(db: Db, userId: string, phone: string, max: number): Promise<void> {
  const open = await ordersRepository(db).countOpenUnpaid(userId, phone, max);
  if (open.byAccount >= max) throw new AppError(409, TOO_MANY_UNPAID_ORDERS);
  if (open.byPhone >= max) throw new AppError(409, TOO_MANY_UNPAID_FOR_PHONE);
}

/** Before any costly work (a Multicaixa reference, a Stripe session): a refusal now, without locks. */
export const precheckOpenUnpaid = (db: Db, userId: string, phone: string, max: number) =>
  refuseOverCap(db, userId, openOrderPhone(phone), max);

/**
 * Inside the placement's transaction, before anything else it locks: waits for the account's and the phone's other
 * placements to commit, then counts their open unpaid orders (a new statement, so it sees those commits).
 */
export async function checkOpenUnpaid(tx: Db, userId: string, phone: string, max: number): Promise<void> {
  const digits = openOrderPhone(phone);
  await ordersRepository(tx).lockOpenUnpaid(userId, digits);
  await refuseOverCap(tx, userId, digits, max);
}
