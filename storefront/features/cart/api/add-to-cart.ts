import { api } from "../../../lib/api-client.ts";

export const addToCart = (itemId: string, size: string) => api<unknown>("/api/cart/add", { body: { itemId, size } });
