import type { OrderItemInput, PaymentMethod as Method, PlaceOrderBody as Body } from "../../../server/schemas/orders.ts";

/** SPEC.md §3 Address: every field a string, state may be empty. */
export interface Address {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

/** SPEC.md §3 Order item, as the storefront sends it (the server reprices it). */
export type OrderItem = OrderItemInput;
export type PaymentMethod = Method;
export type PlaceOrderBody = Body;
