import type { ShopOrder } from "../../../../server/schemas/orders.ts";
import { api } from "../../../lib/api-client.ts";

export type Order = ShopOrder;

/** Newest first, whatever order the server sends. */
export const userOrders = async (): Promise<Order[]> => {
  const reply = await api<{ success: true; orders: Order[] }>("/api/order/userorders", { body: {}, quiet: true });
  return [...reply.orders].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
};
