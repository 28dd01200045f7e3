import { useState } from "react";
import { useCachedApi } from "../../lib/cached-api.ts";
import { productsByIdsUrl, type Product, type ProductPageReply } from "../catalogue/api/catalogue.ts";
import { useCart } from "./cart-provider.tsx";
import { cartLines, cartSubtotal } from "./cart-data.ts";

/**
 * The cart's lines with their products, asked for by id (one request for the whole cart), and their subtotal
 * before the delivery fee. A product no longer in the catalogue leaves its line out.
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
    return product ? [{ ...l, product }] : [];
  });
  return { lines, subtotal: cartSubtotal(cart, products), loading: all.length > 0 && !data };
}
