import { api } from "../../../lib/api-client.ts";
import type { DeliveryOptionsReply } from "../../../../server/schemas/delivery.ts";

export type DeliveryOption = DeliveryOptionsReply["options"][number];

/**
 * What the shop offers for a province, a municipality and the items' amount (fees reflect free-from); with the
 * delivery phone, pay on delivery is not offered to one over its refusal limit.
 */
export const getDeliveryOptions = async (state: string, city: string, subtotal: number, phone = ""): Promise<DeliveryOption[]> => {
  const query = new URLSearchParams({ state, city, subtotal: String(subtotal), ...(phone ? { phone } : {}) });
  return (await api<DeliveryOptionsReply>(`/api/delivery/options?${query}`, { method: "GET", quiet: true })).options;
};
