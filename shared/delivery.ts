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

/**
 * What items worth `subtotal` still lack to travel free under a zone's free-from (0: they travel free; null: the
 * zone has no free-from). The one rule of free delivery: the fee below and the cart's "faltam X" both read it.
 */
export const freeDeliveryShortfall = (rule: Pick<ZoneRule, "freeFrom">, subtotal: number): number | null =>
  rule.freeFrom === null ? null : Math.max(0, Math.round((rule.freeFrom - subtotal) * 100) / 100);

/** The fee a zone (or a pickup point, without free-from) charges for items worth `subtotal`. */
export const feeFor = (rule: Pick<ZoneRule, "price" | "freeFrom">, subtotal: number): number =>
  freeDeliveryShortfall(rule, subtotal) === 0 ? 0 : rule.price;

/**
 * A delivery to the door as the cart can price it before the checkout (docs/product/checkout.md#delivery-in-the-cart):
 * the rule of the zone serving the address when its province is known, else every zone's (and the default fee's
 * where no zone covers a province). `where` names the zone's place for "entrega grátis em …".
 */
export interface FeeRule {
  price: number;
  freeFrom: number | null;
  where: string;
}

export interface DeliveryEstimate {
  /** The fee of a delivery to the door: exact, or the lowest any zone charges ("a partir de"). */
  fee: number;
  exact: boolean;
  /** What the items lack to travel free (0: free already), the nearest free-from; null: no zone has one. */
  shortfall: number | null;
  /** Where that free-from applies, when the province is not known yet (null: the address's own zone). */
  freeWhere: string | null;
}

/** The cart's delivery line from the rules that may apply, for items worth `subtotal`. */
export function estimateDelivery(rules: readonly FeeRule[], provinceKnown: boolean, subtotal: number): DeliveryEstimate {
  const all = rules.length ? rules : [{ price: DELIVERY_FEE, freeFrom: null, where: "" }];
  const fees = all.map((r) => feeFor(r, subtotal));
  const fee = Math.min(...fees);
  let nearest: { rule: FeeRule; shortfall: number } | null = null;
  for (const rule of all) {
    const shortfall = freeDeliveryShortfall(rule, subtotal);
    if (shortfall !== null && (!nearest || shortfall < nearest.shortfall)) nearest = { rule, shortfall };
  }
  return {
    fee,
    exact: provinceKnown || fees.every((f) => f === fee),
    shortfall: nearest?.shortfall ?? null,
    freeWhere: nearest && !provinceKnown && all.length > 1 ? nearest.rule.where || null : null,
  };
}

/** Messages of the delivery choice. */
export const DELIVERY_OPTION_UNKNOWN = "Opção de entrega não encontrada";
export const DELIVERY_OPTION_NOT_HERE = "Esta opção de entrega não serve o endereço indicado: escolha outra";
