import { useEffect, useState } from "react";
import { estimateDelivery, type DeliveryEstimate } from "../../../shared/delivery.ts";
import { useCachedApi } from "../../lib/cached-api.ts";
import { getAccount } from "../account/api/account.ts";
import { checkoutDraftPlace } from "../checkout/use-checkout-address.ts";
import { deliveryEstimateUrl, type DeliveryEstimateReply } from "./api/delivery-estimate.ts";

type Place = { state: string; city: string };

/**
 * Where the cart prices delivery: the province and city the checkout's form holds in this tab, else (signed in) the
 * account's saved address; empty when neither says. "loading" while the account is asked for.
 */
function usePlace(signedIn: boolean): Place | "loading" {
  const draft = checkoutDraftPlace();
  const fromDraft = Boolean(draft.state.trim() || draft.city.trim());
  const [saved, setSaved] = useState<Place | null | undefined>(undefined);
  useEffect(() => {
    if (!signedIn || fromDraft) return;
    let live = true;
    void getAccount({ quiet: true })
      .then(
        (a) => a.savedAddress,
        () => null,
      )
      .then((address) => live && setSaved(address ? { state: address.state, city: address.city } : null));
    return () => {
      live = false;
    };
  }, [signedIn, fromDraft]);
  if (fromDraft || !signedIn) return draft;
  return saved === undefined ? "loading" : (saved ?? draft);
}

/**
 * The cart's delivery to the door for items worth `subtotal` (docs/product/checkout.md#delivery-in-the-cart): exact
 * once the address names a province (or a city the shop knows), else "a partir de" the lowest fee, with what the
 * items lack to travel free. "loading" until the shop answers, null if it could not (the line then says nothing
 * false: the fee is calculated at checkout).
 */
export function useDeliveryEstimate(subtotal: number, signedIn = false): DeliveryEstimate | "loading" | null {
  const place = usePlace(signedIn);
  const { data, loading } = useCachedApi<DeliveryEstimateReply>(place === "loading" ? null : deliveryEstimateUrl(place.state, place.city));
  if (data) return estimateDelivery(data.rules, data.provinceKnown, subtotal);
  return loading || place === "loading" ? "loading" : null;
}
