import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

/** A delivery zone as the server takes it (never the id); a cleared free-from amount is sent as null (never free). */
export const deliveryZoneRequestBody: RequestBodyTransform = (data) => ({
  ...pickFields(data, ["name", "provinces", "municipalities", "price", "eta"]),
  freeFrom: typeof data.freeFrom === "number" ? data.freeFrom : null,
  ...payOnDelivery(data),
});

/** The pay-on-delivery switch (off unless on) and its limit (cleared: any amount): docs/product/pay-on-delivery.md. */
const payOnDelivery = (data: Record<string, unknown>) => ({
  payOnDelivery: data.payOnDelivery === true,
  payOnDeliveryLimit: typeof data.payOnDeliveryLimit === "number" ? data.payOnDeliveryLimit : null,
});

/** A pickup point as the server takes it (never the id), with the province it is in. */
export const pickupPointRequestBody: RequestBodyTransform = (data) => ({
  ...pickFields(data, ["name", "address", "hours", "price", "eta", "province"]),
  ...payOnDelivery(data),
});
