import { useState } from "react";
import { useCachedApi } from "../../lib/cached-api.ts";
import { productsByIdsUrl, type Product, type ProductPageReply } from "../catalogue/api/catalogue.ts";
import { useCart } from "./cart-provider.tsx";
import { cartLines } from "./cart-data.ts";
import { seenPrice } from "./seen-prices.ts";

/**
 * The cart's lines with their products, asked for by id (one request for the whole cart), and their subtotal
 * before the delivery fee. A product no longer in the catalogue leaves its line out. A line whose size sold out, or
 * whose price changed since it was added on this device, is marked and left out of the subtotal (and of the order)
 * until the shopper acts (docs/product/checkout.md#cart-rules).
 */
export function useCartLines() {
  const { cart } = useCart();
  const all = cartLines(cart);
  const { data } = useCachedApi<ProductPageReply>(productsByIdsUrl(all.map((l) => l.productId)));
  // While a changed cart's products load (a line removed, another added), the products already known stay.
  const [products, setProducts] = useState<readonly Product[]>([]);
  if (data && data.products !== products) setProducts(data.products);
  const byId = new Map(products.map((p) => [p._id, p]));
  const lines = all.flatMap((l) => {
    const product = byId.get(l.productId);
    if (!product) return [];
    const soldOut = product.soldOut || (product.soldOutSizes?.includes(l.size) ?? false);
    const seen = seenPrice(l.productId, l.size);
    const previousPrice = seen !== undefined && seen !== product.price ? seen : undefined;
    return [{ ...l, product, soldOut, previousPrice, buyable: !soldOut && previousPrice === undefined }];
  });
  const buyable = lines.filter((l) => l.buyable);
  const subtotal = buyable.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  return { lines, buyable, subtotal, loading: all.length > 0 && !data };
}
