import type { CartData } from "../../../server/schemas/cart.ts";
import type { Product } from "../catalogue/api/catalogue.ts";

/** Product id → size → quantity. */
export type { CartData };

export interface CartLine {
  productId: string;
  size: string;
  quantity: number;
}

/** Adding increments the product+size pair, starting at 1 (docs/product/checkout.md#cart-rules). */
export const withAdded = (cart: CartData, productId: string, size: string): CartData => ({
  ...cart,
  [productId]: { ...cart[productId], [size]: (cart[productId]?.[size] ?? 0) + 1 },
});

/** Setting a quantity of 0 removes the line, and the product when it has no sizes left. */
export const withQuantity = (cart: CartData, productId: string, size: string, quantity: number): CartData => {
  const sizes = { ...cart[productId], [size]: quantity };
  if (quantity <= 0) delete sizes[size];
  const next = { ...cart, [productId]: sizes };
  if (Object.keys(sizes).length === 0) delete next[productId];
  return next;
};

export const cartLines = (cart: CartData): CartLine[] =>
  Object.entries(cart).flatMap(([productId, sizes]) =>
    Object.entries(sizes)
      .filter(([, quantity]) => quantity > 0)
      .map(([size, quantity]) => ({ productId, size, quantity })),
  );

export const cartCount = (cart: CartData): number => cartLines(cart).reduce((n, l) => n + l.quantity, 0);

/** Subtotal of the lines whose product is still in the catalogue. */
export const cartSubtotal = (cart: CartData, products: readonly Product[]): number => {
  const byId = new Map(products.map((p) => [p._id, p]));
  return cartLines(cart).reduce((sum, l) => sum + (byId.get(l.productId)?.price ?? 0) * l.quantity, 0);
};
