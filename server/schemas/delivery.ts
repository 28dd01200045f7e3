// Delivery contracts (docs/product/shopper-api.md#delivery-options, docs/product/staff-api.md#delivery-zones-and-pickup-points).
import { Type, type Static } from "typebox";
import { Id, Money, ShortText, StrictObject } from "./common.ts";

const Kind = Type.Union([Type.Literal("delivery"), Type.Literal("pickup")]);

export const DeliveryOptionSchema = Type.Object({
  id: Type.String(),
  kind: Kind,
  name: Type.String(),
  fee: Type.Number(),
  eta: Type.String(),
  address: Type.Optional(Type.String()),
  hours: Type.Optional(Type.String()),
  /** Pay on delivery comes with this option for the amount asked about (docs/product/pay-on-delivery.md). */
  payOnDelivery: Type.Optional(Type.Boolean()),
});
export type DeliveryOptionSchema = Static<typeof DeliveryOptionSchema>;

/** What an order keeps of the delivery chosen. */
export const DeliveryChoiceSchema = Type.Object({
  kind: Kind,
  name: Type.String(),
  fee: Type.Number(),
  eta: Type.String(),
  address: Type.Optional(Type.String()),
  hours: Type.Optional(Type.String()),
});
export type DeliveryChoiceSchema = Static<typeof DeliveryChoiceSchema>;

export const DeliveryOptionsQuery = Type.Object({
  state: Type.Optional(ShortText({ maxLength: 100 })),
  city: Type.Optional(ShortText({ maxLength: 100 })),
  subtotal: Type.Optional(Money),
  /** The delivery phone: one that refused too many deliveries is not offered pay on delivery. */
  phone: Type.Optional(ShortText({ maxLength: 40 })),
});
export const DeliveryOptionsReply = Type.Object({ success: Type.Literal(true), options: Type.Array(DeliveryOptionSchema) });
export type DeliveryOptionsReply = Static<typeof DeliveryOptionsReply>;

export const DeliveryEstimateQuery = Type.Object({
  state: Type.Optional(ShortText({ maxLength: 100 })),
  city: Type.Optional(ShortText({ maxLength: 100 })),
});
/** The fee rules the cart estimates with (shared/delivery.ts estimateDelivery). */
export const DeliveryEstimateReply = Type.Object({
  success: Type.Literal(true),
  provinceKnown: Type.Boolean(),
  rules: Type.Array(Type.Object({ price: Type.Number(), freeFrom: Type.Union([Type.Number(), Type.Null()]), where: Type.String() })),
});
export type DeliveryEstimateReply = Static<typeof DeliveryEstimateReply>;

export const AdminDeliveryZone = Type.Object({
  id: Id,
  name: Type.String(),
  provinces: Type.Array(Type.String()),
  municipalities: Type.Array(Type.String()),
  price: Type.Number(),
  freeFrom: Type.Union([Type.Number(), Type.Null()]),
  eta: Type.String(),
  /** Pay on delivery offered here, up to the limit (null: any amount); docs/product/pay-on-delivery.md. */
  payOnDelivery: Type.Boolean(),
  payOnDeliveryLimit: Type.Union([Type.Number(), Type.Null()]),
});
export type AdminDeliveryZone = Static<typeof AdminDeliveryZone>;
export const AdminDeliveryZoneBody = StrictObject({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: ShortText({ maxLength: 120 }),
  provinces: Type.Array(ShortText({ maxLength: 60 }), { maxItems: 30 }),
  municipalities: Type.Optional(Type.Array(ShortText({ maxLength: 100 }), { maxItems: 300 })),
  price: Money,
  freeFrom: Type.Optional(Type.Union([Money, Type.Null()])),
  eta: Type.Optional(ShortText({ maxLength: 120 })),
  payOnDelivery: Type.Optional(Type.Boolean()),
  /** Null, 0 or left out: any amount. */
  payOnDeliveryLimit: Type.Optional(Type.Union([Money, Type.Null()])),
});

export const AdminPickupPoint = Type.Object({
  id: Id,
  name: Type.String(),
  address: Type.String(),
  hours: Type.String(),
  price: Type.Number(),
  eta: Type.String(),
  /** The province it is in (null: saved before provinces, offered to every address). */
  province: Type.Union([Type.String(), Type.Null()]),
  /** Pay on delivery offered here, up to the limit (null: any amount); docs/product/pay-on-delivery.md. */
  payOnDelivery: Type.Boolean(),
  payOnDeliveryLimit: Type.Union([Type.Number(), Type.Null()]),
});
export type AdminPickupPoint = Static<typeof AdminPickupPoint>;
export const AdminPickupPointBody = StrictObject({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: ShortText({ maxLength: 120 }),
  address: ShortText({ maxLength: 500 }),
  hours: Type.Optional(ShortText({ maxLength: 200 })),
  price: Type.Optional(Money),
  eta: Type.Optional(ShortText({ maxLength: 120 })),
  /** One of the provinces of shared/delivery.ts; required when saved (the domain says so in Portuguese). */
  province: Type.Optional(Type.Union([ShortText({ maxLength: 60 }), Type.Null()])),
  payOnDelivery: Type.Optional(Type.Boolean()),
  /** Null, 0 or left out: any amount. */
  payOnDeliveryLimit: Type.Optional(Type.Union([Money, Type.Null()])),
});

/** Dispatch as the shopper and staff see it (shared/shipment.ts). */
export const ShipmentSchema = Type.Object({
  at: Type.String(),
  carrier: Type.Optional(Type.String()),
  trackingCode: Type.Optional(Type.String()),
  trackingUrl: Type.Optional(Type.String()),
  driverPhone: Type.Optional(Type.String()),
  expectedAt: Type.Optional(Type.String()),
  pickup: Type.Optional(
    Type.Object({ name: Type.String(), address: Type.String(), hours: Type.Optional(Type.String()), until: Type.String() }),
  ),
});
export type ShipmentSchema = Static<typeof ShipmentSchema>;

/** One step of the shopper's order timeline (docs/product/storefront.md#orders). */
export const TimelineStep = Type.Object({
  step: Type.Union([
    Type.Literal("placed"),
    Type.Literal("paid"),
    Type.Literal("preparing"),
    Type.Literal("dispatched"),
    Type.Literal("delivered"),
  ]),
  label: Type.String(),
  at: Type.Union([Type.String(), Type.Null()]),
  done: Type.Boolean(),
});
export type TimelineStep = Static<typeof TimelineStep>;
