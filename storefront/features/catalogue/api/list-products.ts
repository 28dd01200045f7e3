import type { ProductListReply, ShopProduct } from "../../../../server/schemas/products.ts";
import { api } from "../../../lib/api-client.ts";

export type Product = ShopProduct;

/** Set by index.html's boot script (paint-first.ts) on a product page: the list it already fetched to start that product's picture early. */
declare global {
  interface Window {
    __lojaProductList?: Promise<ProductListReply | null>;
  }
}

export async function listProducts(): Promise<Product[]> {
  // The first load of a visit reuses the boot script's download (one request, not two); reloads ask again.
  const early = window.__lojaProductList;
  window.__lojaProductList = undefined;
  const reply = early ? await early.catch(() => null) : null;
  if (reply?.success && Array.isArray(reply.products)) return reply.products;
  return (await api<ProductListReply>("/api/product/list")).products;
}
