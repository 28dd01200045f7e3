import { api } from "../../../lib/api-client.ts";
import type { PaymentProof } from "./user-orders.ts";

/** Attaches a proof of payment (image or PDF) to the shopper's own order; the server sniffs and limits it. */
export const sendProof = async (orderId: string, file: File): Promise<PaymentProof> => {
  const form = new FormData();
  form.append("orderId", orderId);
  form.append("file", file);
  return (await api<{ success: true; proof: PaymentProof }>("/api/order/proof", { body: form, quiet: true })).proof;
};
