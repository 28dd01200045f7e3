import type { ShopOrder } from "../../../../server/schemas/orders.ts";
import type { ReturnOffer, ShopReturn } from "../../../../server/schemas/returns.ts";
import type { ShopMcxExpress } from "../../../../server/schemas/mcx-express.ts";
import { paymentState, type PaymentState, type ProofStatus } from "../../../../shared/payments.ts";
import { api } from "../../../lib/api-client.ts";

/** A proof of payment the shopper sent for an order, and what staff decided about it. */
export interface PaymentProof {
  _id: string;
  url: string;
  type: "image" | "pdf";
  fileName: string | null;
  status: ProofStatus;
  /** Why staff refused it; null otherwise. */
  reason: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/** The Multicaixa "Pagamento por Referência" that settles the same order, when the shop has it configured. */
export interface MulticaixaReference {
  entity: string;
  reference: string;
  amount: number;
}

/** The shopper's order plus what they need to pay it (docs/product/shopper-api.md#shapes). */
export type Order = ShopOrder & {
  /** What to write in the transfer's description; null for orders placed before references existed. */
  paymentReference: string | null;
  /** ISO 8601; null where there is none (card orders, older orders). */
  paymentDeadline: string | null;
  amountPaid: number;
  paymentState: PaymentState;
  /** Recorded by the shop (e.g. from the shopper's proof), not yet confirmed by the bank: not counted as paid. */
  amountAwaitingConfirmation: number;
  proofs: PaymentProof[];
  multicaixa: MulticaixaReference | null;
  /** Support's (or the shop's) messages about the order the shopper has not read yet. */
  unreadMessages: number;
  /** Its return and exchange requests, and what it still offers to return (docs/product/returns.md#asking). */
  returns: ShopReturn[];
  returnOffer: ReturnOffer | null;
  /** Multicaixa Express: null when the shop does not offer it; else the order's latest charge, if any. */
  mcxExpress: ShopMcxExpress;
};

type OrderReply = ShopOrder & Partial<Omit<Order, keyof ShopOrder>>;

/** An answer from a server without the money path's fields still reads as an unpaid order with nothing sent. */
const withPaymentFields = (o: OrderReply): Order => {
  const amountPaid = o.amountPaid ?? 0;
  return {
    ...o,
    paymentReference: o.paymentReference ?? null,
    paymentDeadline: o.paymentDeadline ?? null,
    amountPaid,
    paymentState: o.paymentState ?? paymentState(o.totalAmount, amountPaid),
    amountAwaitingConfirmation: (o as Partial<Pick<Order, "amountAwaitingConfirmation">>).amountAwaitingConfirmation ?? 0,
    proofs: o.proofs ?? [],
    amountRefunded: o.amountRefunded ?? 0,
    refunds: o.refunds ?? [],
    multicaixa: o.multicaixa ?? null,
    unreadMessages: o.unreadMessages ?? 0,
    returns: o.returns ?? [],
    returnOffer: o.returnOffer ?? null,
    mcxExpress: o.mcxExpress ?? null,
  };
};

/** Newest first, whatever order the server sends. */
export const userOrders = async (): Promise<Order[]> => {
  const reply = await api<{ success: true; orders: OrderReply[] }>("/api/order/userorders", { body: {}, quiet: true });
  return reply.orders.map(withPaymentFields).sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
};
