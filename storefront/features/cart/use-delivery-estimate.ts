import { estimateDelivery, type DeliveryEstimate } from "../../../shared/delivery.ts";
import { useCachedApi } from "../../lib/cached-api.ts";
import { checkoutDraftPlace } from "../checkout/use-checkout-address.ts";
import { deliveryEstimateUrl, type DeliveryEstimateReply } from "./api/delivery-estimate.ts";

/**
 * The cart's delivery to the door for items worth `subtotal` (docs/product/checkout.md#delivery-in-the-cart): exact
 * once the checkout's address names a province (or a city the shop knows), else "a partir de" the lowest fee, with
 * what the items lack to travel free. "loading" until the shop answers, null if it could not (the line then says
 * nothing false: the fee is calculated at checkout).
 */
export function useDeliveryEstimate(subtotal: number): DeliveryEstimate | "loading" | null {
  const { state, city } = checkoutDraftPlace();
  const { data, loading } = useCachedApi<DeliveryEstimateReply>(deliveryEstimateUrl(state, city));
  if (data) return estimateDelivery(data.rules, data.provinceKnown, subtotal);
  return loading ? "loading" : null;
}
