// Which sizes an exchange may go to (docs/product/returns.md#exchanges): the product's other sizes with enough units
// left; a size the shop does not track is never short (as at checkout: docs/product/orders.md#stock).

interface ProductSizes {
  sizes: string[];
  stock: { size: string; quantity: number }[];
}

export function sizeOnSale(product: ProductSizes, size: string, quantity: number): boolean {
  if (!product.sizes.includes(size)) return false;
  const tracked = product.stock.find((s) => s.size === size);
  return !tracked || tracked.quantity >= quantity;
}

/** The sizes `quantity` units of the line could be exchanged for now. */
export const exchangeSizes = (product: ProductSizes, current: string, quantity: number): string[] =>
  product.sizes.filter((s) => s !== current && sizeOnSale(product, s, quantity));
