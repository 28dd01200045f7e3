// Delivery options (docs/product/checkout.md#delivery): which zones serve an address, what each costs for the
// items' amount (free-from applied), the pickup points of its province; staff edit zones and points
// (docs/product/console.md). Placement prices delivery with `priceDelivery`, never with what the client says, and
// checks the address's province there: required to deliver to the door, and the one its city is in.
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import {
  ANGOLA_PROVINCES,
  DEFAULT_DELIVERY_OPTION_ID,
  findProvince,
  DELIVERY_OPTION_NOT_HERE,
  DELIVERY_OPTION_UNKNOWN,
  defaultDeliveryOption,
  feeFor,
  zoneMatch,
  payOnDeliveryFits,
  type DeliveryChoice,
  type DeliveryOption,
  type FeeRule,
  type PayOnDeliveryTerms,
} from "../../../shared/delivery.ts";
import { DELIVERY_FEE as DEFAULT_DELIVERY_FEE, MAX_AMOUNT, amountTooLarge } from "../../../shared/money.ts";
import { provinceProblem } from "../../../shared/checkout.ts";
import { provincesOfCity } from "../../../shared/angola-places.ts";
import { deliveryRepository, type PickupData, type PickupRow, type ZoneData, type ZoneRow } from "./repository.ts";

export interface AdminZone {
  id: string;
  name: string;
  provinces: string[];
  municipalities: string[];
  price: number;
  freeFrom: number | null;
  eta: string;
  /** Pay on delivery offered here, up to the limit (null: any amount): docs/product/pay-on-delivery.md. */
  payOnDelivery: boolean;
  payOnDeliveryLimit: number | null;
}
export interface AdminPickup {
  id: string;
  name: string;
  address: string;
  hours: string;
  price: number;
  eta: string;
  province: string | null;
  payOnDelivery: boolean;
  payOnDeliveryLimit: number | null;
}

const toZone = (z: ZoneRow): AdminZone => ({
  id: z.id,
  name: z.name,
  provinces: z.provinces,
  municipalities: z.municipalities,
  price: z.price.toNumber(),
  freeFrom: z.freeFrom?.toNumber() ?? null,
  eta: z.eta,
  payOnDelivery: z.payOnDelivery,
  payOnDeliveryLimit: z.payOnDeliveryLimit?.toNumber() ?? null,
});
const toPickup = (p: PickupRow): AdminPickup => ({
  id: p.id,
  name: p.name,
  address: p.address,
  hours: p.hours,
  price: p.price.toNumber(),
  eta: p.eta,
  province: p.province,
  payOnDelivery: p.payOnDelivery,
  payOnDeliveryLimit: p.payOnDeliveryLimit?.toNumber() ?? null,
});

/** The owner's pay-on-delivery terms of a zone or pickup point (null: not offered there). */
const termsOf = (place: { payOnDelivery: boolean; payOnDeliveryLimit: number | null }): PayOnDeliveryTerms | null =>
  place.payOnDelivery ? { limit: place.payOnDeliveryLimit } : null;

// ---- Options for an address ----

/** Delivery zones serving the address, the most specific first (municipality before province), then cheapest. */
function servingZones(zones: readonly AdminZone[], state: string, city: string): AdminZone[] {
  return zones
    .map((z) => ({ z, m: zoneMatch(z, state, city) }))
    .filter((x) => x.m > 0)
    .sort((a, b) => b.m - a.m || a.z.price - b.z.price)
    .map((x) => x.z);
}

const zoneOption = (z: AdminZone, subtotal: number): DeliveryOption => ({
  id: z.id,
  kind: "delivery",
  name: z.name,
  fee: feeFor(z, subtotal),
  eta: z.eta,
});
const pickupOption = (p: AdminPickup): DeliveryOption => ({
  id: p.id,
  kind: "pickup",
  name: p.name,
  fee: p.price,
  eta: p.eta,
  address: p.address,
  ...(p.hours ? { hours: p.hours } : {}),
});
/** An option as the checkout shows it: whether pay on delivery comes with it for items worth `subtotal` plus its fee. */
const offered = (option: DeliveryOption, terms: PayOnDeliveryTerms | null, subtotal: number, phoneMayPayOnDelivery: boolean) =>
  phoneMayPayOnDelivery && payOnDeliveryFits(terms, subtotal + option.fee) ? { ...option, payOnDelivery: true } : option;

async function everything(db: Db): Promise<{ zones: AdminZone[]; pickups: AdminPickup[] }> {
  const repo = deliveryRepository(db);
  const [zones, pickups] = await Promise.all([repo.allZones(), repo.allPickupPoints()]);
  return { zones: zones.map(toZone), pickups: pickups.map(toPickup) };
}

/** What the shop knows of its own places beyond Angola's list: the municipalities a zone of one province names. */
const zonePlaces = (zones: readonly AdminZone[]) =>
  zones.filter((z) => z.provinces.length === 1).map((z) => ({ province: z.provinces[0]!, places: z.municipalities }));

/**
 * The province an address is priced in: the one given (as the list spells it), else the one its city is in when
 * the shop knows the city in one province only; null when neither says.
 */
function provinceOf(address: { state: string; city: string }, zones: readonly AdminZone[]): string | null {
  if (address.state.trim()) return findProvince(address.state);
  const known = provincesOfCity(address.city, zonePlaces(zones));
  return known.length === 1 ? known[0]! : null;
}

/** A pickup point is offered where it is: to addresses of its province, or to any when either is unknown. */
const pickupServes = (p: AdminPickup, province: string | null) => !p.province || !province || p.province === province;

/**
 * What the checkout offers for an address and items worth `subtotal`: the zones serving its province (or the shop's
 * default fee when none does), then the pickup points of that province. The province is the one given, else the
 * one its city is in: a Lubango address left without one is priced as Huíla's and offered Huíla's points, never
 * Luanda's. Fees reflect free-from.
 */
export async function deliveryOptions(
  db: Db,
  address: { state: string; city: string },
  subtotal: number,
  /** False when the delivery phone refused too many deliveries (payments/pay-on-delivery.ts). */
  phoneMayPayOnDelivery = true,
): Promise<DeliveryOption[]> {
  const { zones, pickups } = await everything(db);
  const province = provinceOf(address, zones);
  const serving = province ? servingZones(zones, province, address.city) : [];
  const delivery = serving.length
    ? serving.map((z) => offered(zoneOption(z, subtotal), termsOf(z), subtotal, phoneMayPayOnDelivery))
    : [defaultDeliveryOption()];
  const points = pickups
    .filter((p) => pickupServes(p, province))
    .map((p) => offered(pickupOption(p), termsOf(p), subtotal, phoneMayPayOnDelivery));
  return [...delivery, ...points];
}

/**
 * The fee rules the cart estimates a delivery to the door with (docs/product/checkout.md#delivery-in-the-cart): the
 * zone serving the address when its province is known (or the default fee where none does), else every zone's,
 * with the default fee too unless zones cover every province whole.
 */
export async function deliveryFeeRules(
  db: Db,
  address: { state: string; city: string },
): Promise<{ provinceKnown: boolean; rules: FeeRule[] }> {
  const { zones } = await everything(db);
  const ruleOf = (z: AdminZone): FeeRule => ({
    price: z.price,
    freeFrom: z.freeFrom,
    where: z.provinces.length === 1 ? z.provinces[0]! : z.name,
  });
  const fallback: FeeRule = { price: DEFAULT_DELIVERY_FEE, freeFrom: null, where: "" };
  const province = provinceOf(address, zones);
  if (province) {
    const [first] = servingZones(zones, province, address.city);
    return { provinceKnown: true, rules: [first ? ruleOf(first) : fallback] };
  }
  const covered = ANGOLA_PROVINCES.every((p) => zones.some((z) => z.municipalities.length === 0 && z.provinces.includes(p)));
  return { provinceKnown: false, rules: [...zones.map(ruleOf), ...(covered ? [] : [fallback])] };
}

/** The delivery as priced, with the owner's pay-on-delivery terms of the zone or point (null: not offered there). */
export type PricedDelivery = DeliveryChoice & { payOnDelivery: PayOnDeliveryTerms | null };

/**
 * The delivery an order pays for: the chosen option (a pickup point of the address's province, or a zone that
 * serves the address), or without one the zone serving the address, else the shop's default fee. The address's
 * province is checked first (400, checkout's words): required to deliver to the door, one of Angola's, the one its
 * city is in where the shop knows the city. Unknown option → 404; an option that does not serve the address → 409
 * (the shopper changed the address after choosing).
 */
export async function priceDelivery(
  db: Db,
  address: { state: string; city: string },
  subtotal: number,
  optionId: string | undefined,
): Promise<PricedDelivery> {
  const repo = deliveryRepository(db);
  const zones = (await repo.allZones()).map(toZone);
  const chosen = optionId && optionId !== DEFAULT_DELIVERY_OPTION_ID ? optionId : null;
  const pickup = chosen ? await repo.findPickup(chosen) : null;
  const problem = provinceProblem(address, !pickup, zonePlaces(zones));
  if (problem) throw new AppError(400, problem);
  const province = provinceOf(address, zones);
  if (pickup) {
    const point = toPickup(pickup);
    if (!pickupServes(point, province)) throw new AppError(409, DELIVERY_OPTION_NOT_HERE);
    const { id: _id, ...choice } = pickupOption(point);
    return { ...choice, payOnDelivery: termsOf(point) };
  }
  // Delivering to the door: the province is known here (provinceProblem requires it).
  const serving = servingZones(zones, province!, address.city);
  if (chosen) {
    const zone = zones.find((z) => z.id === chosen);
    if (!zone) throw new AppError(404, DELIVERY_OPTION_UNKNOWN);
    if (!serving.includes(zone)) throw new AppError(409, DELIVERY_OPTION_NOT_HERE);
    const { id: _zid, ...choice } = zoneOption(zone, subtotal);
    return { ...choice, payOnDelivery: termsOf(zone) };
  }
  const [first] = serving;
  if (optionId === DEFAULT_DELIVERY_OPTION_ID && first) throw new AppError(409, DELIVERY_OPTION_NOT_HERE);
  const { id: _id, ...choice } = first ? zoneOption(first, subtotal) : defaultDeliveryOption();
  // The shop's default fee serves where no zone does: pay on delivery is never offered there.
  return { ...choice, payOnDelivery: first ? termsOf(first) : null };
}

// ---- Staff: zones and pickup points ----

export const DELIVERY_ZONE_LIST = {
  filters: { id: "ids" },
  sortable: ["name", "price", "createdAt"],
  defaultSort: { field: "price", order: "ASC" },
} as const satisfies ListSpec<{ id: "ids" }>;
export const PICKUP_POINT_LIST = {
  filters: { id: "ids" },
  sortable: ["name", "price", "createdAt"],
  defaultSort: { field: "name", order: "ASC" },
} as const satisfies ListSpec<{ id: "ids" }>;

const ZONE_NOT_FOUND = "Zona de entrega não encontrada";
const PICKUP_NOT_FOUND = "Ponto de levantamento não encontrado";

function amount(value: number, what: string): number {
  if (!Number.isFinite(value) || value < 0) throw new AppError(400, `${what} inválido`);
  if (value > MAX_AMOUNT) throw new AppError(400, amountTooLarge(what));
  return Math.round(value * 100) / 100;
}

const uniqueTrimmed = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The pay-on-delivery switch and limit as saved: off unless turned on; a limit of 0 or none means any amount. */
function payOnDeliveryOf(input: PayOnDeliveryInput): { payOnDelivery: boolean; payOnDeliveryLimit: number | null } {
  const limit = input.payOnDeliveryLimit;
  return {
    payOnDelivery: input.payOnDelivery === true,
    payOnDeliveryLimit: limit === null || limit === undefined || limit === 0 ? null : amount(limit, "O limite do pagamento na entrega"),
  };
}

/** Trimmed and checked: a name, at least one province of the list, amounts in range. */
function cleanZone(input: ZoneInput): ZoneData {
  const name = input.name.trim();
  if (!name) throw new AppError(400, "Indique o nome da zona");
  const provinces = uniqueTrimmed(input.provinces);
  if (!provinces.length) throw new AppError(400, "Escolha pelo menos uma província");
  const unknown = provinces.find((p) => !ANGOLA_PROVINCES.includes(p));
  if (unknown) throw new AppError(400, `Província desconhecida: ${unknown}`);
  return {
    name,
    provinces,
    municipalities: uniqueTrimmed(input.municipalities ?? []),
    price: amount(input.price, "O preço"),
    freeFrom: input.freeFrom === null || input.freeFrom === undefined ? null : amount(input.freeFrom, "O valor para envio grátis"),
    eta: (input.eta ?? "").trim(),
    ...payOnDeliveryOf(input),
  };
}

function cleanPickup(input: PickupInput): PickupData {
  const name = input.name.trim();
  if (!name) throw new AppError(400, "Indique o nome do ponto de levantamento");
  const address = input.address.trim();
  if (!address) throw new AppError(400, "Indique a morada do ponto de levantamento");
  const typed = (input.province ?? "").trim();
  if (!typed) throw new AppError(400, "Escolha a província do ponto de levantamento");
  const province = findProvince(typed);
  if (!province) throw new AppError(400, `Província desconhecida: ${typed}`);
  return {
    name,
    address,
    hours: (input.hours ?? "").trim(),
    price: amount(input.price ?? 0, "O preço"),
    eta: (input.eta ?? "").trim(),
    province,
    ...payOnDeliveryOf(input),
  };
}

interface PayOnDeliveryInput {
  payOnDelivery?: boolean;
  payOnDeliveryLimit?: number | null;
}
export interface ZoneInput extends PayOnDeliveryInput {
  name: string;
  provinces: string[];
  municipalities?: string[];
  price: number;
  freeFrom?: number | null;
  eta?: string;
}
export interface PickupInput extends PayOnDeliveryInput {
  name: string;
  address: string;
  hours?: string;
  price?: number;
  eta?: string;
  province?: string | null;
}

export async function listZones(db: Db, query: ListQuery<{ id?: string[] }>): Promise<ListPage<AdminZone>> {
  const [rows, total] = await deliveryRepository(db).zonePage({ ids: query.filter.id }, orderByOf(query.sort), query.offset, query.limit);
  return { rows: rows.map(toZone), total };
}
export async function getZone(db: Db, id: string): Promise<AdminZone> {
  const row = await deliveryRepository(db).findZone(id);
  if (!row) throw new AppError(404, ZONE_NOT_FOUND);
  return toZone(row);
}
export const createZone = async (db: Db, input: ZoneInput): Promise<AdminZone> =>
  toZone(await deliveryRepository(db).createZone(cleanZone(input)));
export async function updateZone(db: Db, id: string, input: ZoneInput): Promise<AdminZone> {
  const data = cleanZone(input);
  if (!(await deliveryRepository(db).updateZone(id, data))) throw new AppError(404, ZONE_NOT_FOUND);
  return { id, ...data };
}
export async function deleteZone(db: Db, id: string): Promise<AdminZone> {
  const zone = await getZone(db, id);
  if (!(await deliveryRepository(db).deleteZone(id))) throw new AppError(404, ZONE_NOT_FOUND);
  return zone;
}

export async function listPickupPoints(db: Db, query: ListQuery<{ id?: string[] }>): Promise<ListPage<AdminPickup>> {
  const [rows, total] = await deliveryRepository(db).pickupPage({ ids: query.filter.id }, orderByOf(query.sort), query.offset, query.limit);
  return { rows: rows.map(toPickup), total };
}
export async function getPickupPoint(db: Db, id: string): Promise<AdminPickup> {
  const row = await deliveryRepository(db).findPickup(id);
  if (!row) throw new AppError(404, PICKUP_NOT_FOUND);
  return toPickup(row);
}
export const createPickupPoint = async (db: Db, input: PickupInput): Promise<AdminPickup> =>
  toPickup(await deliveryRepository(db).createPickup(cleanPickup(input)));
export async function updatePickupPoint(db: Db, id: string, input: PickupInput): Promise<AdminPickup> {
  const data = cleanPickup(input);
  if (!(await deliveryRepository(db).updatePickup(id, data))) throw new AppError(404, PICKUP_NOT_FOUND);
  return { id, ...data };
}
export async function deletePickupPoint(db: Db, id: string): Promise<AdminPickup> {
  const point = await getPickupPoint(db, id);
  if (!(await deliveryRepository(db).deletePickup(id))) throw new AppError(404, PICKUP_NOT_FOUND);
  return point;
}
