// Bank transfer (SPEC.md §9 'cod'): the order waits for the shopper's transfer, its lines leave the cart at once,
// and the shopper is answered with the order id.
import type { PaymentReferences, PaymentStrategy } from "./placement.ts";

export const bankTransfer: PaymentStrategy<PaymentReferences, { orderId: string }> = {
  checkout: "place",
  clearsCart: true,
  // The /place route stores whichever of the offered methods the shopper named.
  paymentMethod: (requested) => requested,
  prepare: async () => ({}),
  placed: (orderId) => ({ orderId }),
  replayed: (earlier) => ({ orderId: earlier.id }),
};
