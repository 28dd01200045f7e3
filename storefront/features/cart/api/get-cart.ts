import type { CartDataReply } from "../../../../server/schemas/cart.ts";
import { api } from "../../../lib/api-client.ts";
import type { CartData } from "../cart-data.ts";

export const getCart = async (): Promise<CartData> => (await api<CartDataReply>("/api/cart/get", { body: {}, quiet: true })).cartData;
