import { api } from "../../../lib/api-client.ts";
import { readToken } from "../../../lib/token.ts";

/** This call also sends the token in a header named token, as the shopper contract has it. */
export const verifyStripe = async (success: string, orderId: string): Promise<boolean> => {
  const reply = await api<{ success: boolean }>("/api/order/verifyStripe", {
    body: { success, orderId },
    headers: { token: readToken() },
  });
  return reply.success;
};
