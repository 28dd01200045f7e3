// Delivery zones and pickup points as stored (docs/product/checkout.md#delivery): the only Prisma caller of delivery.
import type { Db, Prisma } from "../../db/client.ts";

const zoneSelect = {
  id: true,
  name: true,
  provinces: true,
  municipalities: true,
  price: true,
  freeFrom: true,
  eta: true,
  payOnDelivery: true,
  payOnDeliveryLimit: true,
} as const satisfies Prisma.DeliveryZoneSelect;
const pickupSelect = {
  id: true,
  name: true,
  address: true,
  hours: true,
  price: true,
  eta: true,
  province: true,
  payOnDelivery: true,
  payOnDeliveryLimit: true,
} as const satisfies Prisma.PickupPointSelect;

export type ZoneRow = Prisma.DeliveryZoneGetPayload<{ select: typeof zoneSelect }>;
export type PickupRow = Prisma.PickupPointGetPayload<{ select: typeof pickupSelect }>;

export interface ZoneData {
  name: string;
  provinces: string[];
  municipalities: string[];
  price: number;
  freeFrom: number | null;
  eta: string;
  payOnDelivery: boolean;
  payOnDeliveryLimit: number | null;
}
export interface PickupData {
  name: string;
  address: string;
  hours: string;
  price: number;
  eta: string;
  province: string;
  payOnDelivery: boolean;
  payOnDeliveryLimit: number | null;
}

type Order = { [field: string]: "asc" | "desc" }[];

export const deliveryRepository = (db: Db) => ({
  allZones: (): Promise<ZoneRow[]> => db.deliveryZone.findMany({ orderBy: [{ price: "asc" }, { id: "asc" }], select: zoneSelect }),
  allPickupPoints: (): Promise<PickupRow[]> =>
    db.pickupPoint.findMany({ orderBy: [{ price: "asc" }, { name: "asc" }, { id: "asc" }], select: pickupSelect }),

  zonePage: (where: { ids?: string[] }, orderBy: Order, skip: number, take: number) => {
    const w = where.ids ? { id: { in: where.ids } } : {};
    return Promise.all([
      db.deliveryZone.findMany({ where: w, orderBy, skip, take, select: zoneSelect }),
      db.deliveryZone.count({ where: w }),
    ]);
  },
  pickupPage: (where: { ids?: string[] }, orderBy: Order, skip: number, take: number) => {
    const w = where.ids ? { id: { in: where.ids } } : {};
    return Promise.all([
      db.pickupPoint.findMany({ where: w, orderBy, skip, take, select: pickupSelect }),
      db.pickupPoint.count({ where: w }),
    ]);
  },

  findZone: (id: string) => db.deliveryZone.findUnique({ where: { id }, select: zoneSelect }),
  findPickup: (id: string) => db.pickupPoint.findUnique({ where: { id }, select: pickupSelect }),
  createZone: (data: ZoneData) => db.deliveryZone.create({ data, select: zoneSelect }),
  createPickup: (data: PickupData) => db.pickupPoint.create({ data, select: pickupSelect }),
  updateZone: async (id: string, data: ZoneData) => (await db.deliveryZone.updateMany({ where: { id }, data })).count > 0,
  updatePickup: async (id: string, data: PickupData) => (await db.pickupPoint.updateMany({ where: { id }, data })).count > 0,
  deleteZone: async (id: string) => (await db.deliveryZone.deleteMany({ where: { id } })).count > 0,
  deletePickup: async (id: string) => (await db.pickupPoint.deleteMany({ where: { id } })).count > 0,
});
