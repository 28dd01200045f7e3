import type { ProductListReply, ShopProduct } from "../../../../server/schemas/products.ts";
import { api } from "../../../lib/api-client.ts";

export type Product = ShopProduct;

export const listProducts = async (): Promise<Product[]> => (await api<ProductListReply>("/api/product/list")).products;
