// Bank transfer (SPEC.md §9 'cod'): the order waits for the shopper's transfer, its lines leave the cart at once,
// and the shopper is answered with the order id. Each order gets the reference to write in the transfer and the
// deadline to pay by (issue 11). Card payment has its own route: asking for it here is refused.
import { AppError } from "../errors.ts";
import { newPaymentReference, paymentDeadlineFrom } from "./payment-reference.ts";
import type { PaymentReferences, PaymentStrategy } from "./placement.ts";

export const CARD_ON_PLACE = "Para pagar com cartão use /api/order/stripe";

/** `deadlineHours`: how long the shopper has to pay (config or shop setting, resolved by the caller). */
export function bankTransfer(deadlineHours: number): PaymentStrategy<PaymentReferences, { orderId: string }> {
  return {
    checkout: "place",
    clearsCart: true,
    paymentMethod: (requested) => {
      if (requested === "stripe") throw new AppError(400, CARD_ON_PLACE);
      return requested;
    },
    prepare: async () => ({ paymentReference: newPaymentReference(), paymentDeadline: paymentDeadlineFrom(new Date(), deadlineHours) }),
    placed: (orderId) => ({ orderId }),
    replayed: (earlier) => ({ orderId: earlier.id }),
  };
}
