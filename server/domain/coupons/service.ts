// Discount codes (docs/product/coupons.md, docs/design/money.md#coupons): staff write them; shoppers preview one in
// the cart and checkout; placement applies it with the server's own figures and takes a use in the order's
// transaction, under the coupon's row lock, so uses are exact under concurrency. A code that is not valid gets one
// answer whatever the reason, and each such miss counts as a guess of the client's address (guesses.ts).
import type { Db } from "../../db/client.ts";
import {
  COUPON_CODE_PATTERN,
  COUPON_MESSAGES,
  MAX_COUPON_CODE,
  couponDiscount,
  normaliseCouponCode,
  type CouponKind,
} from "../../../shared/coupons.ts";
import { formatKz } from "../../../shared/money.ts";
import type { AdminCoupon, AdminCouponBody, CouponPreviewBody, CouponPreviewReply } from "../../schemas/coupons.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import {
  couponsRepository,
  type CouponCustomer,
  type CouponData,
  type CouponFilter,
  type CouponRow,
  type CouponUses,
} from "./repository.ts";
import { countMiss, refuseWhenSpent, type CouponGuard } from "./guesses.ts";

export const COUPON_LIST = {
  filters: { id: "ids", active: "boolean", q: "string" },
  sortable: ["code", "kind", "value", "startsAt", "endsAt", "active", "createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ id: "ids"; active: "boolean"; q: "string" }>;

const NOT_FOUND = "Cupão não encontrado";
const CODE_TAKEN = "Já existe um cupão com este código";

// ---- the rules ----------------------------------------------------------------------------------------------

type Verdict = { ok: true; discount: number } | { ok: false; message: string };

/**
 * Whether shoppers may know the coupon exists: switched on and already valid. Anything else is answered like an
 * unknown code (COUPON_MESSAGES.invalid), so guessing tells nothing of the codes staff prepare.
 */
const isLive = (c: CouponRow, now: Date): boolean => c.active && !(c.startsAt && now < c.startsAt);

/**
 * Whether the coupon applies to an order of `subtotal` (+ `deliveryFee` when known) placed now by a customer who
 * has `uses.mine` orders with it, when it has `uses.uses` in all; and what it takes off. The order of the checks is
 * the order a shopper can act on them: not valid (one answer), expired, limits, then the minimum.
 */
export function judgeCoupon(c: CouponRow, uses: CouponUses, order: { subtotal: number; deliveryFee?: number; now: Date }): Verdict {
  if (!isLive(c, order.now)) return { ok: false, message: COUPON_MESSAGES.invalid };
  if (c.endsAt && order.now >= c.endsAt) return { ok: false, message: COUPON_MESSAGES.expired(c.endsAt) };
  if (c.maxUses !== null && uses.uses >= c.maxUses) return { ok: false, message: COUPON_MESSAGES.usedUp };
  if (c.maxUsesPerCustomer !== null && uses.mine >= c.maxUsesPerCustomer)
    return { ok: false, message: COUPON_MESSAGES.perCustomer(c.maxUsesPerCustomer) };
  const min = c.minSubtotal.toNumber();
  if (order.subtotal < min) return { ok: false, message: COUPON_MESSAGES.belowMinimum(min) };
  if (c.kind === "free_delivery" && order.deliveryFee === 0) return { ok: false, message: COUPON_MESSAGES.freeDeliveryAlready };
  const terms = { kind: c.kind as CouponKind, value: c.value.toNumber() };
  return { ok: true, discount: couponDiscount(terms, order.subtotal, order.deliveryFee ?? 0) };
}

/**
 * The live coupon with this code, or null (no such code, switched off, not valid yet): a miss is counted as a guess
 * of the client, and past the limits every answer is 429, hit or miss (guesses.ts). Without a guard (the domain
 * called directly) nothing is counted.
 */
async function findLive(db: Db, code: string, now: Date, guard: CouponGuard | undefined): Promise<CouponRow | null> {
  const coupon = code.length <= MAX_COUPON_CODE ? await couponsRepository(db).findByCode(code) : null;
  const live = coupon && isLive(coupon, now) ? coupon : null;
  if (guard) await (live ? refuseWhenSpent(guard) : countMiss(guard));
  return live;
}

/**
 * The shopper's preview (POST /api/cart/coupon): never takes a use; a refusal is `success: false` with the reason.
 * It knows the account only (its id, e-mail and sign-in phone): placement counts the checkout's e-mail and phone too.
 */
export async function previewCoupon(
  db: Db,
  guard: CouponGuard,
  userId: string,
  body: CouponPreviewBody,
  now = new Date(),
): Promise<CouponPreviewReply> {
  const code = normaliseCouponCode(body.code);
  if (!code) return { success: false, discount: 0, message: COUPON_MESSAGES.empty };
  const coupon = await findLive(db, code, now, guard);
  if (!coupon) return { success: false, discount: 0, message: COUPON_MESSAGES.invalid };
  const verdict = judgeCoupon(coupon, await couponsRepository(db).uses(coupon.id, { userId }), { ...body, now });
  if (!verdict.ok) return { success: false, discount: 0, message: verdict.message };
  const message =
    coupon.kind === "free_delivery" && body.deliveryFee === undefined
      ? COUPON_MESSAGES.freeDeliveryLater
      : COUPON_MESSAGES.applied(verdict.discount);
  return { success: true, discount: verdict.discount, message };
}

/** The coupon an order is placed with, as priced before the write. */
export interface AppliedCoupon {
  id: string;
  code: string;
  discount: number;
}

/**
 * The coupon for an order about to be placed, judged on the server's figures (a refusal is a 409 with the
 * reason) for the customer behind the order: their account, the checkout's e-mail and delivery phone
 * (docs/product/coupons.md#one-per-customer). Read without a lock: `takeCouponUse` judges again under the lock in
 * the order's transaction.
 */
export async function couponForOrder(
  db: Db,
  customer: CouponCustomer,
  rawCode: string,
  order: { subtotal: number; deliveryFee: number },
  guard?: CouponGuard,
  now = new Date(),
): Promise<AppliedCoupon | null> {
  const code = normaliseCouponCode(rawCode);
  if (!code) return null;
  const coupon = await findLive(db, code, now, guard);
  if (!coupon) throw new AppError(409, COUPON_MESSAGES.invalid);
  const verdict = judgeCoupon(coupon, await couponsRepository(db).uses(coupon.id, customer), { ...order, now });
  if (!verdict.ok) throw new AppError(409, verdict.message);
  return { id: coupon.id, code: coupon.code, discount: verdict.discount };
}

/**
 * Takes one use of the order's coupon inside the placement transaction (`tx`): locks the coupon's row, counts its
 * uses as committed now, and judges again. Concurrent placements with one coupon queue on the lock, so with
 * `maxUses: 5` exactly five orders carry it, and one person placing several at once with a "1 por cliente" code
 * under other e-mails gets it once. Refused (409, with the reason) when it no longer applies, or when staff changed
 * it so the discount differs from the one priced.
 */
export async function takeCouponUse(
  tx: Db,
  applied: AppliedCoupon,
  customer: CouponCustomer,
  order: { subtotal: number; deliveryFee: number; totalAmount: number },
): Promise<void> {
  const repo = couponsRepository(tx);
  const coupon = await repo.lock(applied.id);
  if (!coupon) throw new AppError(409, COUPON_MESSAGES.invalid);
  const verdict = judgeCoupon(coupon, await repo.uses(coupon.id, customer), { ...order, now: new Date() });
  if (!verdict.ok) throw new AppError(409, verdict.message);
  if (verdict.discount !== applied.discount) {
    const total = order.totalAmount + applied.discount - verdict.discount;
    throw new AppError(409, `O total do pedido mudou: o total atual é ${formatKz(total)}`, { totalAmount: total });
  }
}

// ---- staff -------------------------------------------------------------------------------------------------

const toAdmin = (c: CouponRow, stats?: { uses: number; given: number }): AdminCoupon => ({
  id: c.id,
  code: c.code,
  kind: c.kind as CouponKind,
  value: c.value.toNumber(),
  minSubtotal: c.minSubtotal.toNumber(),
  startsAt: c.startsAt?.toISOString() ?? null,
  endsAt: c.endsAt?.toISOString() ?? null,
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  active: c.active,
  uses: stats?.uses ?? 0,
  given: stats?.given ?? 0,
  createdAt: c.createdAt.toISOString(),
});

const when = (iso: string | null | undefined, what: string): Date | null => {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new AppError(400, `Data inválida: ${what}`);
  return at;
};

/** The coupon as stored: code normalised, the value checked against its kind (docs/product/coupons.md#rules). */
function clean(body: AdminCouponBody): CouponData {
  const code = normaliseCouponCode(body.code);
  if (!code) throw new AppError(400, "Indique o código do cupão");
  if (code.length > MAX_COUPON_CODE) throw new AppError(400, `O código tem no máximo ${MAX_COUPON_CODE} caracteres`);
  if (!COUPON_CODE_PATTERN.test(code)) throw new AppError(400, "O código só pode ter letras sem acento, algarismos, - e _");
  const value = body.kind === "free_delivery" ? 0 : (body.value ?? 0);
  if (body.kind === "percent" && (value < 1 || value > 100)) throw new AppError(400, "A percentagem vai de 1 a 100");
  if (body.kind === "fixed" && value < 1) throw new AppError(400, "Indique o valor do desconto em kwanza");
  const startsAt = when(body.startsAt, "início");
  const endsAt = when(body.endsAt, "fim");
  if (startsAt && endsAt && endsAt <= startsAt) throw new AppError(400, "O fim da validade tem de ser depois do início");
  return {
    code,
    kind: body.kind,
    value,
    minSubtotal: body.minSubtotal ?? 0,
    startsAt,
    endsAt,
    maxUses: body.maxUses ?? null,
    maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
    active: body.active ?? true,
  };
}

/** 409 when another coupon has the code in any case (checked first; the unique index on upper(code) decides races). */
async function checkCodeFree(db: Db, code: string, id?: string): Promise<void> {
  const other = await couponsRepository(db).findByCode(code);
  if (other && other.id !== id) throw new AppError(409, CODE_TAKEN);
}

export async function listCoupons(db: Db, query: ListQuery<CouponFilter>): Promise<ListPage<AdminCoupon>> {
  const repo = couponsRepository(db);
  const { rows, total } = await repo.list(query);
  const stats = await repo.stats(rows.map((r) => r.id));
  return { rows: rows.map((r) => toAdmin(r, stats.get(r.id))), total };
}

export async function getCoupon(db: Db, id: string): Promise<AdminCoupon> {
  const repo = couponsRepository(db);
  const row = await repo.find(id);
  if (!row) throw new AppError(404, NOT_FOUND);
  return toAdmin(row, (await repo.stats([id])).get(id));
}

export async function createCoupon(db: Db, body: AdminCouponBody): Promise<AdminCoupon> {
  const data = clean(body);
  await checkCodeFree(db, data.code);
  return toAdmin(await couponsRepository(db).create(data));
}

export async function updateCoupon(db: Db, id: string, body: AdminCouponBody): Promise<AdminCoupon> {
  const data = clean(body);
  await checkCodeFree(db, data.code, id);
  if (!(await couponsRepository(db).update(id, data))) throw new AppError(404, NOT_FOUND);
  return getCoupon(db, id);
}

/** Orders placed with a deleted coupon keep its code and discount (coupon_id becomes null). */
export async function deleteCoupon(db: Db, id: string): Promise<AdminCoupon> {
  const row = await getCoupon(db, id);
  if (!(await couponsRepository(db).delete(id))) throw new AppError(404, NOT_FOUND);
  return row;
}
