import { api } from "../../../lib/api-client.ts";

export const updateCart = (itemId: string, size: string, quantity: number) =>
  api<unknown>("/api/cart/update", { body: { itemId, size, quantity } });
