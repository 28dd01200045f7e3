import type { AddressFields } from "../../../shared/checkout.ts";
import type { OrderItemInput, PaymentMethod as Method, PlaceOrderBody as Body } from "../../../server/schemas/orders.ts";

/** A delivery address: every field a string, state empty for a pickup; bairro and ponto de referência optional. */
export type Address = AddressFields & { neighborhood?: string; landmark?: string };

/** An order item, as the storefront sends it (the server reprices it). */
export type OrderItem = OrderItemInput;
export type PaymentMethod = Method;
export type PlaceOrderBody = Body;
