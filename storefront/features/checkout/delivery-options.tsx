// The checkout's delivery choice (docs/product/checkout.md#delivery): the options for the province and municipality
// typed, with fees (free-from already applied by the server), estimates and pickup addresses.
import { useEffect, useState } from "react";
import { formatKz } from "../../../shared/money.ts";
import { getDeliveryOptions, type DeliveryOption } from "./api/delivery-options.ts";

/** A municipality is typed letter by letter: ask once the typing pauses. */
const TYPING_PAUSE_MS = 300;

/** The options for the address and amount; null until the first answer (or when the shop cannot answer). */
export function useDeliveryOptions(state: string, city: string, subtotal: number): DeliveryOption[] | null {
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      getDeliveryOptions(state.trim(), city.trim(), subtotal)
        .then((next) => live && setOptions(next))
        .catch(() => live && setOptions(null));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [state, city, subtotal]);
  return options;
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
