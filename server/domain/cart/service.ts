// Cart rules (docs/product/checkout.md#cart-rules): adding increments the product+size pair, quantity 0 removes the line,
// only products in the catalogue and sizes they offer can be added.
import type { Db } from "../../db/client.ts";
import { MAX_LINE_QUANTITY, type CartData } from "../../schemas/cart.ts";
import { catalogueRepository } from "../catalogue/repository.ts";
import { AppError, sessionExpired } from "../errors.ts";
import type { CartAdder } from "./adder.ts";
import { cartRepository, type CartLineRow } from "./repository.ts";

import { SOLD_OUT } from "../../../shared/catalogue.ts";
import { SIZE_SOLD_OUT } from "../../../shared/stock.ts";

const SELECT_SIZE = "Select Product Size";
const PRODUCT_NOT_FOUND = "Produto não encontrado";
const SIZE_NOT_OFFERED = "Tamanho não disponível para este produto";

/** The live product and a size it offers, or the Portuguese reason why not. */
async function requireSize(db: Db, productId: string, size: string) {
  if (!size.trim()) throw new AppError(400, SELECT_SIZE);
  const product = await catalogueRepository(db).findLive(productId);
  if (!product) throw new AppError(404, PRODUCT_NOT_FOUND);
  if (!product.sizes.includes(size)) throw new AppError(400, SIZE_NOT_OFFERED);
  if (product.soldOut) throw new AppError(409, SOLD_OUT);
  if (product.stock.some((s) => s.size === size && s.quantity <= 0)) throw new AppError(409, SIZE_SOLD_OUT);
  return product;
}

function toCartData(lines: readonly CartLineRow[]): CartData {
  const data: CartData = {};
  for (const l of lines) (data[l.productId] ??= {})[l.size] = l.quantity;
  return data;
}

/** Called when a one-statement cart write changed nothing: says why (unknown product or size), in Portuguese. */
async function explainRefusal(db: Db, productId: string, size: string): Promise<never> {
  await requireSize(db, productId, size);
  // The product changed between the write and this check (deleted or sizes edited): let the shopper retry.
  throw new AppError(409, "O produto acabou de mudar; tente novamente");
}

export async function addToCart(adder: CartAdder, db: Db, userId: string, input: { itemId: string; size: string }): Promise<void> {
  if (!input.size.trim()) throw new AppError(400, SELECT_SIZE);
  const added = await adder({ userId, productId: input.itemId, size: input.size });
  if (!added) await explainRefusal(db, input.itemId, input.size);
}

export async function updateCart(db: Db, userId: string, input: { itemId: string; size: string; quantity: number }): Promise<void> {
  // Removing works even for a product that has left the catalogue, so a stale line can always be cleared.
  if (input.quantity === 0) {
    await cartRepository(db).remove(userId, input.itemId, input.size);
    return;
  }
  if (!input.size.trim()) throw new AppError(400, SELECT_SIZE);
  const set = await cartRepository(db).setQuantityIfOffered(userId, input.itemId, input.size, input.quantity);
  if (set === 0) await explainRefusal(db, input.itemId, input.size);
}

export async function getCart(db: Db, userId: string): Promise<CartData> {
  return toCartData(await cartRepository(db).listLive(userId));
}

/**
 * Merges a guest's local cart into the account's (at sign-in): quantities add up, capped at 999 a line;
 * unknown or deleted products and sizes a product does not offer are skipped, not refused. With an
 * Idempotency-Key the merge happens once: the same key sent again answers the cart without adding.
 */
export async function mergeCart(db: Db, userId: string, guest: CartData, idempotencyKey?: string): Promise<CartData> {
  const lines = Object.entries(guest)
    .flatMap(([productId, sizes]) => Object.entries(sizes).map(([size, by]) => ({ userId, productId, size, by })))
    .filter((line) => line.by > 0);
  if (lines.length === 0) return getCart(db, userId);
  // One statement for the whole guest cart.
  const repo = cartRepository(db);
  if (!idempotencyKey) await repo.incrementManyIfOffered(lines, MAX_LINE_QUANTITY);
  // A token whose account is gone: the same 401 as any other cart write (error-handler.ts, foreign keys).
  else if ((await repo.mergeOnce(userId, idempotencyKey, lines, MAX_LINE_QUANTITY)) === "no-account") throw sessionExpired();
  return getCart(db, userId);
}
