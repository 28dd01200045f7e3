import { api } from "../../../lib/api-client.ts";
import type { CartData } from "../cart-data.ts";

export const getCart = async (): Promise<CartData> =>
  (await api<{ cartData?: CartData }>("/api/cart/get", { body: {}, quiet: true })).cartData ?? {};
