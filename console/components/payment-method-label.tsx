import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../shared/orders.ts";

const isPaymentMethod = (method: string): method is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(method);

/** How the console names a payment method ("Transferência bancária"); an unknown one shows as stored. */
export function PaymentMethodLabel({ method }: { method: string }) {
  return <>{isPaymentMethod(method) ? PAYMENT_METHOD_LABELS[method] : method}</>;
}
