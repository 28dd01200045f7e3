// A Multicaixa reference stays payable at ProxyPay until it is withdrawn: an order that can no longer be paid
// (cancelled by staff, its shopper or its deadline) or needs no more money (paid by the ledger, a card or an
// admin's exception) withdraws it, so it cannot be paid twice (docs/design/money.md#multicaixa).
import { CANCELLED } from "../../shared/orders.ts";
import { ordersRepository } from "../domain/orders/repository.ts";
import { reaction } from "./reaction.ts";

export const withdrawMulticaixaReferenceReaction = reaction({
  name: "withdraw-multicaixa-reference",
  on: ["order.paid", "order.status_changed"],
  async outside(event, { db, payments }) {
    if (!payments.proxypay || !event.orderId) return;
    if (event.name === "order.status_changed" && (event.payload as { to: string }).to !== CANCELLED) return;
    const reference = (await ordersRepository(db.prisma).findStatus(event.orderId))?.multicaixaReference;
    // Best effort: ProxyPay answers 404 for a reference already gone; a reference left payable only lets money in
    // that the ledger records as an overpayment to give back.
    if (reference) await payments.proxypay.deleteReference(reference).catch(() => undefined);
  },
});
