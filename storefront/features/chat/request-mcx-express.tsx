// "Multicaixa Express" on a payment request's card (docs/product/payment-requests.md#in-the-storefront): the charge
// for exactly the request's amount (../orders/mcx-express-charge.tsx). A paid one turns the card into "Pago".
import { payWithMcxExpress } from "../orders/api/mcx-express.ts";
import { McxExpressCharge } from "../orders/mcx-express-charge.tsx";
import type { PaymentRequest } from "./types.ts";

export function RequestMcxExpress({ orderId, request, reload }: { orderId: string; request: PaymentRequest; reload: () => void }) {
  return (
    <McxExpressCharge
      charge={request.mcxExpress?.charge ?? null}
      start={(phone) => payWithMcxExpress(orderId, phone, request.id)}
      reload={reload}
      amount={request.amount}
      compact
    />
  );
}
