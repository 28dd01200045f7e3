import { api } from "../../../lib/api-client.ts";

/** AppyPay took the charge: the shopper approves it in the app before `expiresAt` (docs/product/orders.md#multicaixa-express). */
export interface StartedCharge {
  chargeId: string;
  status: "pending";
  expiresAt: string;
}

/**
 * Asks the shop to charge the order's amount owed (or one of its payment requests) to a Multicaixa Express mobile. Quiet: the payment block shows the
 * refusal itself (a phone that is not an Angolan mobile, a charge already waiting, AppyPay refusing).
 */
export const payWithMcxExpress = (orderId: string, phoneNumber: string, paymentRequestId?: string): Promise<StartedCharge> =>
  api<StartedCharge & { success: true }>("/api/order/mcx-express", {
    body: paymentRequestId ? { orderId, phoneNumber, paymentRequestId } : { orderId, phoneNumber },
    quiet: true,
  });
