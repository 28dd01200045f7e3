import { api } from "../../../lib/api-client.ts";
import type { PlaceOrderBody } from "../types.ts";

/**
 * The idempotency key makes a retry on a flaky connection return the first order, not a second one.
 * Resolves to the new order's id (the payment page shows what to pay for it); undefined from a server that
 * does not send it.
 */
export const placeOrder = async (body: PlaceOrderBody, idempotencyKey: string): Promise<string | undefined> =>
  (await api<{ success: true; orderId?: string }>("/api/order/place", { body, headers: { "Idempotency-Key": idempotencyKey } })).orderId;
