// Delivery: the provinces the shop delivers to, how a delivery option is described, and how a zone's price and
// free-from amount become a fee (docs/product/checkout.md#delivery). The server prices the order with these; the
// storefront shows the same options; the console edits the zones and pickup points.
import { foldText } from "./search.ts";
import { DELIVERY_FEE } from "./money.ts";
import { placeKey } from "./angola-places.ts";

/**
 * Angola's 21 provinces after Lei 14/24 (political-administrative division). ISO 3166-2 still lists 18, so the shop
 * keeps its own list as data: the checkout's province select, the console's zone editor.
 */
export const ANGOLA_PROVINCES: readonly string[] = [
  "Bengo",
  "Benguela",
  "Bié",
  "Cabinda",
  "Cuando",
  "Cubango",
  "Cuanza Norte",
  "Cuanza Sul",
  "Cunene",
  "Huambo",
  "Huíla",
  "Icolo e Bengo",
  "Luanda",
  "Lunda Norte",
  "Lunda Sul",
  "Malanje",
  "Moxico",
  "Moxico Leste",
  "Namibe",
  "Uíge",
  "Zaire",
];

/** The province of the list a typed name is (case, accents and spacing aside), or null. */
export function findProvince(name: string): string | null {
  const key = placeKey(name);
  return (key && ANGOLA_PROVINCES.find((p) => placeKey(p) === key)) || null;
}

export type DeliveryKind = "delivery" | "pickup";

/** One choice the checkout offers: a zone's delivery or a pickup point; `fee` already reflects free-from. */
export interface DeliveryOption {
  id: string;
  kind: DeliveryKind;
  name: string;
  fee: number;
  eta: string;
  address?: string;
  hours?: string;
  /** Pay on delivery is offered with it for this amount (docs/product/pay-on-delivery.md); absent: not offered. */
  payOnDelivery?: boolean;
}

/** Where the owner allows pay on delivery: for orders up to `limit` kwanza (null: any amount). */
export interface PayOnDeliveryTerms {
  limit: number | null;
}
/** Whether pay on delivery is offered for an order of `total` under these terms (null: not offered there). */
export const payOnDeliveryFits = (terms: PayOnDeliveryTerms | null, total: number): boolean =>
  terms !== null && (terms.limit === null || total <= terms.limit);

/** What an order keeps of the choice (the shopper's /orders, staff, e-mails, the payment page). */
export interface DeliveryChoice {
  kind: DeliveryKind;
  name: string;
  fee: number;
  eta: string;
  address?: string;
  hours?: string;
}

/** The option of an address no zone serves (and of a client that knows nothing of zones): the fixed fee. */
export const DEFAULT_DELIVERY_OPTION_ID = "default";
export const DEFAULT_DELIVERY_NAME = "Entrega ao domicílio";

export const defaultDeliveryOption = (): DeliveryOption => ({
  id: DEFAULT_DELIVERY_OPTION_ID,
  kind: "delivery",
  name: DEFAULT_DELIVERY_NAME,
  fee: DELIVERY_FEE,
  eta: "",
});

export interface ZoneRule {
  provinces: readonly string[];
  municipalities: readonly string[];
  price: number;
  freeFrom: number | null;
}

const same = (a: string, b: string) => foldText(a.trim()) === foldText(b.trim());

/**
 * How well a zone serves the address: 2 for its municipality, 1 for its province (a zone without municipalities),
 * 0 not at all. Case and accents are ignored, as shoppers type them.
 */
export function zoneMatch(zone: Pick<ZoneRule, "provinces" | "municipalities">, state: string, city: string): 0 | 1 | 2 {
  if (!state.trim() || !zone.provinces.some((p) => same(p, state))) return 0;
  if (zone.municipalities.length === 0) return 1;
  return city.trim() && zone.municipalities.some((m) => same(m, city)) ? 2 : 0;
}

/** The fee a zone (or a pickup point, without free-from) charges for items worth `subtotal`. */
export const feeFor = (rule: Pick<ZoneRule, "price" | "freeFrom">, subtotal: number): number =>
  rule.freeFrom !== null && subtotal >= rule.freeFrom ? 0 : rule.price;

/** Messages of the delivery choice. */
export const DELIVERY_OPTION_UNKNOWN = "Opção de entrega não encontrada";
export const DELIVERY_OPTION_NOT_HERE = "Esta opção de entrega não serve o endereço indicado: escolha outra";
