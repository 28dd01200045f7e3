// Bank transfer (stored 'bank_transfer'; the wire also says 'cod'): the order waits for the shopper's transfer, its lines
// leave the cart at once, and the shopper is answered with the order id. Each order gets the reference to write
// in the transfer and the deadline to pay by. Card payment has its own route: asking for it here is refused.
import { AppError } from "../errors.ts";
import { newPaymentReference, paymentDeadlineFrom } from "./payment-reference.ts";
import type { PaymentReferences, PaymentStrategy } from "../orders/placement.ts";

const MULTICAIXA_ATTEMPTS = 3;

const CARD_ON_PLACE = "Para pagar com cartão use /api/order/stripe";

/** Who hands out Multicaixa references (ProxyPay, when configured: the route passes its client). */
export interface MulticaixaReferenceIssuer {
  createReference(input: { amount: number; endDatetime: Date; customFields: { order: string } }): Promise<string>;
  deleteReference(reference: string): Promise<unknown>;
}

/**
 * `deadlineHours`: how long the shopper has to pay (config or shop setting, resolved by the caller). With
 * ProxyPay configured, the order also gets a Multicaixa reference valid until the same deadline; when ProxyPay
 * cannot be reached the order is placed without one (the IBAN still settles it).
 */
export function bankTransfer(
  deadlineHours: number,
  proxypay?: MulticaixaReferenceIssuer,
  referenceTaken: (reference: string) => Promise<boolean> = async () => false,
): PaymentStrategy<PaymentReferences, { orderId: string }> {
  /** ProxyPay may hand out a number an older order still holds: another is drawn (a few times, then none). */
  const freshReference = async (orderId: string, amount: number, endDatetime: Date): Promise<string | undefined> => {
    if (!proxypay) return undefined;
    for (let attempt = 0; attempt < MULTICAIXA_ATTEMPTS; attempt++) {
      const reference = await proxypay.createReference({ amount, endDatetime, customFields: { order: orderId } }).catch(() => undefined);
      if (!reference || !(await referenceTaken(reference))) return reference;
    }
    return undefined;
  };
  return {
    checkout: "place",
    clearsCart: true,
    paymentMethod: (requested) => {
      if (requested === "stripe") throw new AppError(400, CARD_ON_PLACE);
      return requested;
    },
    async prepare(orderId, priced) {
      const paymentDeadline = paymentDeadlineFrom(new Date(), deadlineHours);
      // Nothing to pay (a discount code covered it all): no ATM reference for 0 kz. It still has a deadline: staff
      // confirm it before then, or it is cancelled like any unpaid order (docs/product/coupons.md#rules).
      if (!priced.totalAmount.greaterThan(0)) return { paymentReference: newPaymentReference(), paymentDeadline };
      const multicaixaReference = await freshReference(orderId, priced.totalAmount.toNumber(), paymentDeadline);
      return { paymentReference: newPaymentReference(), paymentDeadline, multicaixaReference };
    },
    // A concurrent retry's order won: withdraw this one's reference.
    abandon: async (prepared) =>
      void (prepared.multicaixaReference && (await proxypay?.deleteReference(prepared.multicaixaReference).catch(() => undefined))),
    placed: (orderId) => ({ orderId }),
    replayed: (earlier) => ({ orderId: earlier.id }),
  };
}
