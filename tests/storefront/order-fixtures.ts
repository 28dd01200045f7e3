// One shopper's order as `/api/order/userorders` answers it (storefront/features/orders/api/user-orders.ts): an
// unpaid bank-transfer order of one line, delivered in Luanda, nothing else on it. Tests override what they are about.
import type { Order } from "../../storefront/features/orders/api/user-orders.ts";

const HOUR = 3_600_000;

export const shopperOrder = (over: Partial<Order> = {}): Order => ({
  _id: "665f1c2a9b1e4a0012abcdef",
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  status: "Aguardando Pagamento",
  paymentMethod: "bank_transfer",
  payment: false,
  address: {
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.ao",
    street: "Rua 1",
    city: "Luanda",
    state: "Luanda",
    zipcode: "1000",
    country: "Angola",
    phone: "923000000",
  },
  subtotal: 7500,
  deliveryFee: 5000,
  totalAmount: 12500,
  coupon: null,
  items: [{ itemId: "p1", name: "Produto 1", image: ["/media/p1"], price: 7500, size: "M", quantity: 1 }],
  paymentReference: "LJ4KX7PQM",
  paymentDeadline: new Date(Date.now() + 40 * HOUR).toISOString(),
  stockHeldUntil: null,
  stockReleasedAt: null,
  amountPaid: 0,
  paymentState: "unpaid",
  amountAwaitingConfirmation: 0,
  amountRefunded: 0,
  extras: 0,
  paymentRequests: [],
  refunds: [],
  proofs: [],
  multicaixa: null,
  cancellation: null,
  delivery: null,
  shipment: null,
  timeline: [],
  nif: null,
  fiscalDocuments: [],
  unreadMessages: 0,
  returns: [],
  returnOffer: null,
  mcxExpress: null,
  ...over,
});

/** The same order, paid in full and delivered five days ago. */
export const deliveredOrder = (over: Partial<Order> = {}): Order =>
  shopperOrder({
    createdAt: new Date(Date.now() - 120 * HOUR).toISOString(),
    status: "Entregue",
    payment: true,
    paymentReference: null,
    paymentDeadline: null,
    amountPaid: 12500,
    paymentState: "paid",
    ...over,
  });
