// Staff order records as the staff API sends them (server/schemas/admin-orders.ts), for the console's components.
import type { AdminOrder, AdminPayment, AdminProof } from "../../server/schemas/admin-orders.ts";

/** A paid bank-transfer order of 30 000 kz with nothing else on it; `over` sets what a test is about. */
export const staffOrder = (over: Partial<AdminOrder> = {}): AdminOrder => ({
  id: "order0000000000c1",
  shortId: "0000C1",
  customer: { id: "c1", name: "Carla", email: null },
  status: "Pagamento Confirmado",
  paymentMethod: "cod",
  paid: true,
  address: {
    firstName: "Carla",
    lastName: "Teste",
    email: "c@exemplo.ao",
    street: "Rua 1",
    city: "Luanda",
    state: "Luanda",
    zipcode: "1000",
    country: "Angola",
    phone: "923000000",
  },
  delivery: null,
  shipment: null,
  subtotal: 25000,
  deliveryFee: 5000,
  totalAmount: 30000,
  coupon: null,
  itemCount: 1,
  unread: 0,
  createdAt: "2026-01-01T10:00:00Z",
  updatedAt: "2026-01-01T10:00:00Z",
  lines: [],
  history: [],
  attachments: [],
  allowedMoves: { forward: [], exceptions: [] },
  paymentReference: null,
  paymentDeadline: null,
  stockHeldUntil: null,
  stockReleasedAt: null,
  amountPaid: 30000,
  paymentState: "paid",
  payments: [],
  proofs: [],
  amountRefunded: 0,
  refunds: [],
  paidException: null,
  ...over,
});

export const staffPayment = (over: Partial<AdminPayment> & Pick<AdminPayment, "id" | "amount" | "bankReference">): AdminPayment => ({
  receivedAt: "2026-01-02T09:00:00Z",
  note: null,
  actor: "Ana",
  duplicateReason: null,
  overpayment: false,
  createdAt: "2026-01-02T09:05:00Z",
  ...over,
});

/** A pending image proof. */
export const staffProof = (over: Partial<AdminProof> & Pick<AdminProof, "id">): AdminProof => ({
  url: `/media/${over.id}`,
  type: "image",
  fileName: null,
  status: "pending",
  reason: null,
  paymentId: null,
  hints: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: "2026-01-02T08:00:00Z",
  ...over,
});
