import { api } from "../../../lib/api-client.ts";
import { readToken } from "../../../lib/token.ts";

/** SPEC.md §6: this call also sends the token in a header named token. */
export const verifyStripe = async (success: string, orderId: string): Promise<boolean> => {
  const reply = await api<{ success: boolean }>("/api/order/verifyStripe", {
    body: { success, orderId },
    headers: { token: readToken() },
  });
  return reply.success;
};
