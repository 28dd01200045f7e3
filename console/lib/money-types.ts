// The money path's records as the staff API sends them. They live here until
// server/schemas carries them; the console reads every field as optional so an older server still renders.
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { OrderStatus } from "../../shared/orders.ts";
import type { PaymentState, ProofStatus } from "../../shared/payments.ts";

export interface AdminPayment {
  id: string;
  amount: number;
  bankReference: string;
  receivedAt: string;
  note: string | null;
  actor: string;
  duplicateReason?: string | null;
  overpayment?: boolean;
  createdAt: string;
}

/** What the server read from a PDF proof's text layer; null for images and PDFs without text. */
export interface ProofHints {
  amountFound: number | null;
  amountMatches: boolean;
  ibanFound: string | null;
  ibanMatches: boolean;
}

export interface AdminProof {
  id: string;
  url: string;
  type: "image" | "pdf";
  fileName: string | null;
  status: ProofStatus;
  reason: string | null;
  paymentId?: string | null;
  hints: ProofHints | null;
  decidedBy: string | { id: string; name: string } | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface AllowedMoves {
  forward: OrderStatus[];
  exceptions: OrderStatus[];
}

export interface OrderMoney {
  paymentReference?: string | null;
  paymentDeadline?: string | null;
  amountPaid?: number;
  paymentState?: PaymentState;
  payments?: AdminPayment[];
  proofs?: AdminProof[];
  allowedMoves?: AllowedMoves;
  paidException?: string | null;
  amountRefunded?: number;
  refunds?: AdminOrder["refunds"];
}

/** The staff order record with the money path's fields (read as optional, so an older server still renders). */
export type StaffOrder = Omit<AdminOrder, keyof OrderMoney> & OrderMoney;

/** One row of the "Pagamentos" queue (GET /admin/api/payments). */
export interface PaymentQueueRow {
  id: string;
  shortId: string;
  customer: { id: string; name: string; email: string | null };
  totalAmount: number;
  amountPaid: number;
  paymentState: PaymentState;
  paymentReference: string | null;
  paymentDeadline: string | null;
  createdAt: string;
  proofs: AdminProof[];
}

/** One line of the settings' audit trail (GET /admin/api/settings `changes`, newest first). */
export interface SettingsChange {
  field: string;
  before: string | null;
  after: string | null;
  by: { id: string; name: string; email?: string | null } | null;
  at: string;
}
