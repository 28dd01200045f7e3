// The checkout's delivery choice (docs/product/checkout.md#delivery): the options for the province and municipality
// typed, with fees (free-from already applied by the server), estimates and pickup addresses.
import { useEffect, useState } from "react";
import { formatKz } from "../../../shared/money.ts";
import { getDeliveryOptions, type DeliveryOption } from "./api/delivery-options.ts";

/** A municipality is typed letter by letter: ask once the typing pauses. */
const TYPING_PAUSE_MS = 300;

/** The delivery phone's digits once it reads as a whole number (9 or more), else "": a number half typed asks nothing. */
const wholePhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 9 ? digits : "";
};

/**
 * The delivery options for the address as typed, after a pause in typing; `loading` while those of the current
 * address are on their way (the previous address's are never shown: their fee is not what the server will charge);
 * `options` null when they could not be read (the order then goes without a choice, priced by the server). The
 * delivery phone goes too: one over its refusal limit is not offered pay on delivery (docs/product/pay-on-delivery.md).
 * A new phone asks again without `loading` (the fees stay; the server refuses pay on delivery at placement anyway).
 */
export function useDeliveryOptions(
  state: string,
  city: string,
  subtotal: number,
  phone = "",
): { options: DeliveryOption[] | null; loading: boolean } {
  const addressKey = `${state.trim()}|${city.trim()}|${subtotal}`;
  const phoneKey = wholePhone(phone);
  const [loaded, setLoaded] = useState<{ addressKey: string; options: DeliveryOption[] | null } | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      getDeliveryOptions(state.trim(), city.trim(), subtotal, phoneKey)
        .then((next) => live && setLoaded({ addressKey, options: next }))
        .catch(() => live && setLoaded({ addressKey, options: null }));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [addressKey, phoneKey, state, city, subtotal]);
  return loaded?.addressKey === addressKey ? { options: loaded.options, loading: false } : { options: null, loading: true };
}

/** The chosen option: the one picked while it is still offered, else the first (the zone serving the address). */
export const chosenOption = (options: DeliveryOption[] | null, pickedId: string | null): DeliveryOption | null =>
  options?.find((o) => o.id === pickedId) ?? options?.[0] ?? null;

const feeText = (fee: number) => (fee === 0 ? "Grátis" : formatKz(fee));

export function DeliveryOptions({
  options,
  chosen,
  onChoose,
}: {
  options: DeliveryOption[] | null;
  chosen: DeliveryOption | null;
  onChoose: (id: string) => void;
}) {
  if (!options) return null;
  return (
    <fieldset className="delivery-options" data-testid="delivery-options">
      <legend>Entrega</legend>
      {options.map((o) => (
        <label key={o.id} className="delivery-option">
          <input type="radio" name="delivery" value={o.id} checked={chosen?.id === o.id} onChange={() => onChoose(o.id)} />
          <span className="delivery-option-text">
            <span className="delivery-option-head">
              <span>{o.kind === "pickup" ? `Levantar: ${o.name}` : o.name}</span>
              <strong data-testid="delivery-fee">{feeText(o.fee)}</strong>
            </span>
            {o.eta && <small>{o.eta}</small>}
            {o.address && <small>{o.address}</small>}
            {o.hours && <small>{o.hours}</small>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
