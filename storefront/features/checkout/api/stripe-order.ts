import { api } from "../../../lib/api-client.ts";
import type { PlaceOrderBody } from "../types.ts";

export const stripeOrder = async (body: PlaceOrderBody, idempotencyKey: string): Promise<string> =>
  (await api<{ session_url: string }>("/api/order/stripe", { body, headers: { "Idempotency-Key": idempotencyKey } })).session_url;
