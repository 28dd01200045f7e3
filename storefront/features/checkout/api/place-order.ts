import { api } from "../../../lib/api-client.ts";
import type { PlaceOrderBody } from "../types.ts";

/** The idempotency key makes a retry on a flaky connection return the first order, not a second one. */
export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  api<{ success: true }>("/api/order/place", { body, headers: { "Idempotency-Key": idempotencyKey } });
