import type { CartDataReply } from "../../../../server/schemas/cart.ts";
import { api } from "../../../lib/api-client.ts";
import type { CartData } from "../cart-data.ts";

/**
 * The guest's local cart joins the account's cart at sign-in, in one request; the server answers the result.
 * The same `mergeKey` sent again adds nothing (a reload while the first request was in flight).
 */
export const mergeCart = async (cartData: CartData, mergeKey: string): Promise<CartData> =>
  (await api<CartDataReply>("/api/cart/merge", { body: { cartData }, headers: { "Idempotency-Key": mergeKey }, quiet: true })).cartData;
