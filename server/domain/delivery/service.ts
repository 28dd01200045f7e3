// Delivery options (docs/product/checkout.md#delivery): which zones serve an address, what each costs for the
// items' amount (free-from applied), the pickup points; staff edit zones and points (docs/product/console.md).
// Placement prices delivery with `priceDelivery`, never with what the client says.
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import {
  ANGOLA_PROVINCES,
  DEFAULT_DELIVERY_OPTION_ID,
  DELIVERY_OPTION_NOT_HERE,
  DELIVERY_OPTION_UNKNOWN,
  defaultDeliveryOption,
  feeFor,
  zoneMatch,
  type DeliveryChoice,
  type DeliveryOption,
} from "../../../shared/delivery.ts";
import { MAX_AMOUNT, amountTooLarge } from "../../../shared/money.ts";
import { deliveryRepository, type PickupData, type PickupRow, type ZoneData, type ZoneRow } from "./repository.ts";

export interface AdminZone {
  id: string;
  name: string;
  provinces: string[];
  municipalities: string[];
  price: number;
  freeFrom: number | null;
  eta: string;
}
export interface AdminPickup {
  id: string;
  name: string;
  address: string;
  hours: string;
  price: number;
  eta: string;
}

const toZone = (z: ZoneRow): AdminZone => ({
  id: z.id,
  name: z.name,
  provinces: z.provinces,
  municipalities: z.municipalities,
  price: z.price.toNumber(),
  freeFrom: z.freeFrom?.toNumber() ?? null,
  eta: z.eta,
});
const toPickup = (p: PickupRow): AdminPickup => ({
  id: p.id,
  name: p.name,
  address: p.address,
  hours: p.hours,
  price: p.price.toNumber(),
  eta: p.eta,
});

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

async function everything(db: Db): Promise<{ zones: AdminZone[]; pickups: AdminPickup[] }> {
  const repo = deliveryRepository(db);
  const [zones, pickups] = await Promise.all([repo.allZones(), repo.allPickupPoints()]);
  return { zones: zones.map(toZone), pickups: pickups.map(toPickup) };
}

/**
 * What the checkout offers for an address and items worth `subtotal`: the zones serving it (or the shop's default
 * fee when none does), then every pickup point. Fees reflect free-from.
 */
export async function deliveryOptions(db: Db, address: { state: string; city: string }, subtotal: number): Promise<DeliveryOption[]> {
  const { zones, pickups } = await everything(db);
  const serving = servingZones(zones, address.state, address.city);
  const delivery = serving.length ? serving.map((z) => zoneOption(z, subtotal)) : [defaultDeliveryOption()];
  return [...delivery, ...pickups.map(pickupOption)];
}

/**
 * The delivery an order pays for: the chosen option (a pickup point, or a zone that serves the address), or
 * without one the zone serving the address, else the shop's default fee. Unknown option → 404; a zone that does not
 * serve the address → 409 (the shopper changed the address after choosing).
 */
export async function priceDelivery(
  db: Db,
  address: { state: string; city: string },
  subtotal: number,
  optionId: string | undefined,
): Promise<DeliveryChoice> {
  const repo = deliveryRepository(db);
  if (optionId && optionId !== DEFAULT_DELIVERY_OPTION_ID) {
    const [zone, pickup] = await Promise.all([repo.findZone(optionId), repo.findPickup(optionId)]);
    if (pickup) {
      const { id: _id, ...choice } = pickupOption(toPickup(pickup));
      return choice;
    }
    if (!zone) throw new AppError(404, DELIVERY_OPTION_UNKNOWN);
    const z = toZone(zone);
    if (!zoneMatch(z, address.state, address.city)) throw new AppError(409, DELIVERY_OPTION_NOT_HERE);
    const { id: _zid, ...choice } = zoneOption(z, subtotal);
    return choice;
  }
  const [first] = servingZones((await repo.allZones()).map(toZone), address.state, address.city);
  if (optionId === DEFAULT_DELIVERY_OPTION_ID && first) throw new AppError(409, DELIVERY_OPTION_NOT_HERE);
  const { id: _id, ...choice } = first ? zoneOption(first, subtotal) : defaultDeliveryOption();
  return choice;
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
  };
}

function cleanPickup(input: PickupInput): PickupData {
  const name = input.name.trim();
  if (!name) throw new AppError(400, "Indique o nome do ponto de levantamento");
  const address = input.address.trim();
  if (!address) throw new AppError(400, "Indique a morada do ponto de levantamento");
  return {
    name,
    address,
    hours: (input.hours ?? "").trim(),
    price: amount(input.price ?? 0, "O preço"),
    eta: (input.eta ?? "").trim(),
  };
}

export interface ZoneInput {
  name: string;
  provinces: string[];
  municipalities?: string[];
  price: number;
  freeFrom?: number | null;
  eta?: string;
}
export interface PickupInput {
  name: string;
  address: string;
  hours?: string;
  price?: number;
  eta?: string;
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
