import type { DeliveryEstimateReply } from "../../../../server/schemas/delivery.ts";

export type { DeliveryEstimateReply };

/** GET /api/delivery/estimate: the fee rules the cart estimates with, for the province and city known so far. */
export const deliveryEstimateUrl = (state: string, city: string): string =>
  `/api/delivery/estimate?${new URLSearchParams({ state: state.trim(), city: city.trim() })}`;
