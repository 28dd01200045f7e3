// The price a shopper saw when adding a line (docs/product/checkout.md#cart-rules): kept on this device beside the
// cart (the cart's own shape is the shopper contract's, quantities only), so the cart can say a price changed since.
const KEY = "cartPrices";

const lineKey = (productId: string, size: string) => JSON.stringify([productId, size]);

function read(): Record<string, number> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}") as unknown;
    return saved && typeof saved === "object" ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function write(prices: Record<string, number>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(prices));
  } catch {
    // private mode without storage: no price memory, no repricing marks
  }
}

/** Added (or the new price accepted): this is the price the shopper agreed to. */
export const rememberPrice = (productId: string, size: string, price: number) => write({ ...read(), [lineKey(productId, size)]: price });

/** The price seen when the line was added, if this device knows it. */
export const seenPrice = (productId: string, size: string): number | undefined => {
  const price = read()[lineKey(productId, size)];
  return typeof price === "number" ? price : undefined;
};
