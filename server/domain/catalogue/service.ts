import type { Db } from "../../db/client.ts";
import type { ProductListReply } from "../../schemas/products.ts";
import { catalogueRepository } from "./repository.ts";
import { toShopProduct } from "./product-view.ts";

export async function listShopProducts(db: Db): Promise<ProductListReply> {
  const rows = await catalogueRepository(db).listLive();
  return { success: true, products: rows.map(toShopProduct) };
}
