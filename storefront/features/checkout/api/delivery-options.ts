import { api } from "../../../lib/api-client.ts";
import type { DeliveryOptionsReply } from "../../../../server/schemas/delivery.ts";

export type DeliveryOption = DeliveryOptionsReply["options"][number];

/** What the shop offers for a province, a municipality and the items' amount (fees reflect free-from). */
export const getDeliveryOptions = async (state: string, city: string, subtotal: number): Promise<DeliveryOption[]> => {
  const query = new URLSearchParams({ state, city, subtotal: String(subtotal) });
  return (await api<DeliveryOptionsReply>(`/api/delivery/options?${query}`, { method: "GET", quiet: true })).options;
};
