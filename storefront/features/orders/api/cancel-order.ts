import { api } from "../../../lib/api-client.ts";

/**
 * Cancels the shopper's own unpaid order (docs/product/orders.md#cancelling-an-unpaid-order). A refusal is toasted
 * with the server's reason (money or a proof in play, the order moved meanwhile) by the API client.
 */
export const cancelOrder = async (orderId: string): Promise<void> => {
  await api<{ success: true; message: string }>("/api/order/cancel", { body: { orderId } });
};
