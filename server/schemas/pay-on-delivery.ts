// Pay on delivery contracts for staff (docs/product/staff-api.md#pay-on-delivery).
import { Type, type Static } from "typebox";
import { Money, ShortText, StrictObject } from "./common.ts";

const DoorMethodSchema = Type.Union([Type.Literal("cash"), Type.Literal("tpa")]);

export const ConfirmPayOnDeliveryBody = StrictObject({
  /** How staff reached the shopper. */
  via: Type.Union([Type.Literal("phone"), Type.Literal("whatsapp")]),
});

export const PaidOnDeliveryBody = StrictObject({
  method: DoorMethodSchema,
  amount: Money,
  /** The TPA receipt's number, or anything the driver wrote. */
  reference: Type.Optional(ShortText({ maxLength: 60 })),
  note: Type.Optional(ShortText({ maxLength: 500 })),
});
export type PaidOnDeliveryBody = Static<typeof PaidOnDeliveryBody>;

export const DeliveryRefusedBody = StrictObject({ note: Type.Optional(ShortText({ maxLength: 500 })) });

export const DoorCashQuery = Type.Object({ day: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })) });

export const DoorCashReply = Type.Object({
  day: Type.String(),
  cash: Type.Number(),
  tpa: Type.Number(),
  total: Type.Number(),
  byStaff: Type.Array(
    Type.Object({
      staffId: Type.Union([Type.String(), Type.Null()]),
      name: Type.String(),
      cash: Type.Number(),
      tpa: Type.Number(),
      total: Type.Number(),
      payments: Type.Array(
        Type.Object({
          id: Type.String(),
          orderId: Type.String(),
          shortId: Type.String(),
          amount: Type.Number(),
          method: DoorMethodSchema,
          receivedAt: Type.String(),
        }),
      ),
    }),
  ),
});
export type DoorCashReply = Static<typeof DoorCashReply>;
