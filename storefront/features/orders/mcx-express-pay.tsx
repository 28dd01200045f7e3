// "Pagar com Multicaixa Express" on the payment page (docs/product/orders.md#multicaixa-express): the delivery phone
// prefilled, the charge for what the order still owes (mcx-express-charge.tsx). A paid one turns the page into the
// paid page (the order is paid).
import type { Order } from "./api/user-orders.ts";
import { payWithMcxExpress } from "./api/mcx-express.ts";
import { McxExpressCharge } from "./mcx-express-charge.tsx";

/** What a charge asks for: what the order still owes by the ledger, as the server works it out (docs/design/money.md#multicaixa-express-appypay). */
const owed = (order: Order): number => Math.max(0, Math.round((order.totalAmount - order.amountPaid) * 100) / 100);

export function McxExpressPay({ order, reload }: { order: Order; reload: () => void }) {
  return (
    <McxExpressCharge
      charge={order.mcxExpress?.charge ?? null}
      start={(phone) => payWithMcxExpress(order._id, phone)}
      reload={reload}
      amount={owed(order)}
      phone={order.address.phone}
      hint="Recebe o pedido na app Multicaixa Express e aprova-o em 90 segundos: o pedido fica pago na hora."
      frame={(title, body) => (
        <section className="pay-block mcx" aria-labelledby="mcx-title" data-testid="mcx-express">
          <h2 id="mcx-title" className="pay-title">
            {title}
          </h2>
          {body}
        </section>
      )}
    />
  );
}
