// Orders as staff see them: list with status tabs and search, full detail (lines, address, totals, chat
// attachments, status timeline). Status changes are service.ts's.
import { toView } from "../fiscal/service.ts";
import { toRequestView } from "../payments/payment-requests.ts";
import type { PrismaClient } from "../../db/client.ts";
import { attachmentKind } from "../../../shared/chat.ts";
import { AWAITING_CONFIRMATION, ORDER_STATUSES, isOrderStatus, shortOrderId, type OrderStatus } from "../../../shared/orders.ts";
import {
  PAYMENT_CONFIRMATIONS,
  moveKind,
  paymentState,
  type PaymentConfirmation,
  type ProofStatus,
  type StaffRole,
} from "../../../shared/payments.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/service.ts";
import { chatRepository } from "../chat/repository.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import type { AdminAllowedMoves, AdminOrder, AdminPayment, AdminProof, ProofHints } from "../../schemas/admin-orders.ts";
import { STAFF_ORDER_NOT_FOUND } from "./not-found.ts";
import { orderQueries, type StaffOrderDetailRow, type StaffOrderRow } from "./staff-queries-repository.ts";
import { heldUntil, storedAddress, storedDelivery, storedShipment } from "./service.ts";

export const ORDER_LIST = {
  filters: { q: "string", status: "string", customerId: "string", id: "ids" },
  sortable: ["createdAt", "updatedAt", "status", "totalAmount"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; status: "string"; customerId: "string"; id: "ids" }>;

/** What the caller may offer from `status`: exceptions only for an admin (who must then give a reason). */
function allowedMoves(status: string, role: StaffRole): AdminAllowedMoves {
  if (!isOrderStatus(status)) return { forward: [], exceptions: [] };
  const from = status;
  const movesOf = (kind: "forward" | "exception"): OrderStatus[] =>
    ORDER_STATUSES.filter((to) => to !== AWAITING_CONFIRMATION && moveKind(from, to) === kind);
  return { forward: movesOf("forward"), exceptions: role === "admin" ? movesOf("exception") : [] };
}

const toPayment = (p: StaffOrderRow["payments"][number]): AdminPayment => ({
  id: p.id,
  amount: p.amount.toNumber(),
  bankReference: p.bankReference,
  receivedAt: p.receivedAt.toISOString(),
  note: p.note,
  actor: p.actor,
  duplicateReason: p.duplicateReason,
  overpayment: p.overpayment,
  createdAt: p.createdAt.toISOString(),
  confirmation: confirmationOf(p),
  confirmedBy: p.confirmedBy?.name ?? null,
  confirmedAt: p.confirmedAt?.toISOString() ?? null,
  statementLine: p.statementLine,
});

/** How a payment counts, as stored (a value the database's check does not know reads as pending: it counts nothing). */
function confirmationOf(p: { confirmedAt: Date | null; confirmedVia: string | null }): PaymentConfirmation {
  const via = p.confirmedVia as PaymentConfirmation | null;
  return p.confirmedAt && via && (PAYMENT_CONFIRMATIONS as readonly string[]).includes(via) ? via : "pending";
}

/** The sum of the payments "por confirmar" (in cents, then kwanza: no float drift over several). */
const unconfirmedOf = (payments: StaffOrderRow["payments"]): number =>
  payments.filter((p) => p.confirmedAt === null).reduce((cents, p) => cents + Math.round(p.amount.toNumber() * 100), 0) / 100;

/** The stored hints, when they have the shape proof-reader.ts gives (anything else is no hint). */
function toHints(value: unknown): ProofHints | null {
  if (typeof value !== "object" || value === null) return null;
  const h = value as Record<string, unknown>;
  return {
    amountFound: typeof h.amountFound === "number" ? h.amountFound : null,
    amountMatches: h.amountMatches === true,
    ibanFound: typeof h.ibanFound === "string" ? h.ibanFound : null,
    ibanMatches: h.ibanMatches === true,
  };
}

const toStaffProof = (p: StaffOrderRow["proofs"][number]): AdminProof => ({
  id: p.id,
  url: mediaUrl(p.media.publicId),
  type: attachmentKind(p.media.mimeType),
  fileName: p.media.fileName,
  status: p.status as ProofStatus,
  reason: p.reason,
  paymentId: p.paymentId,
  hints: toHints(p.hints),
  decidedBy: p.decidedBy,
  decidedAt: p.decidedAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

function toRow(o: StaffOrderRow, unread: number, role: StaffRole): AdminOrder {
  return {
    id: o.id,
    shortId: shortOrderId(o.id),
    customer: { id: o.user.id, name: o.user.name, email: o.user.email },
    status: o.status,
    paymentMethod: o.paymentMethod,
    paid: o.paid,
    address: storedAddress(o.address),
    delivery: storedDelivery(o.delivery),
    shipment: storedShipment(o.shipment),
    subtotal: o.subtotal.toNumber(),
    deliveryFee: o.deliveryFee.toNumber(),
    totalAmount: o.totalAmount.toNumber(),
    coupon: o.couponCode ? { code: o.couponCode, discount: o.discount.toNumber() } : null,
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    unread,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    lines: [],
    history: [],
    attachments: [],
    allowedMoves: allowedMoves(o.status, role),
    paymentReference: o.paymentReference,
    paymentDeadline: o.paymentDeadline?.toISOString() ?? null,
    stockHeldUntil: heldUntil(o),
    stockReleasedAt: o.stockReleasedAt?.toISOString() ?? null,
    amountPaid: o.amountPaid.toNumber(),
    paymentState: paymentState(o.totalAmount.toNumber(), o.amountPaid.toNumber()),
    amountUnconfirmed: unconfirmedOf(o.payments),
    payments: o.payments.map(toPayment),
    proofs: o.proofs.map(toStaffProof),
    paidException: o.paidException,
    nif: o.nif,
    fiscalDocuments: o.fiscalDocuments.map(toView),
    extras: o.extras.toNumber(),
    paymentRequests: o.paymentRequests.map((r) => toRequestView(r)),
    amountRefunded: o.amountRefunded.toNumber(),
    refunds: o.refunds.map((r) => ({
      id: r.id,
      amount: r.amount.toNumber(),
      bankReference: r.bankReference,
      status: r.status === "pending" ? ("pending" as const) : ("done" as const),
      note: r.note,
      actor: r.actor,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

function toDetail(o: StaffOrderDetailRow, unread: number, role: StaffRole): AdminOrder {
  return {
    ...toRow(o, unread, role),
    lines: o.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: l.image,
      price: l.price.toNumber(),
      size: l.size,
      quantity: l.quantity,
      held: l.reserved,
      short: l.stockShort,
    })),
    history: o.statusHistory.map((h) => ({ status: h.status, by: h.changedBy, note: h.note, at: h.createdAt.toISOString() })),
    attachments: o.messages.flatMap((m) =>
      m.media
        ? [
            {
              messageId: m.id,
              sender: m.sender,
              url: mediaUrl(m.media.publicId),
              type: attachmentKind(m.media.mimeType),
              fileName: m.media.fileName,
              createdAt: m.createdAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

export async function listOrders(
  db: PrismaClient,
  query: ListQuery<{ q?: string; status?: string; customerId?: string; id?: string[] }>,
  role: StaffRole,
): Promise<ListPage<AdminOrder>> {
  const f = { q: query.filter.q, status: query.filter.status, customerId: query.filter.customerId, ids: query.filter.id };
  const repo = orderQueries(db);
  const { rows, total } = await repo.pageForStaff(f, orderByOf(query.sort), query.offset, query.limit);
  const unread = await chatRepository(db).unreadByOrder(rows.map((r) => r.id));
  return { rows: rows.map((r) => toRow(r, unread.get(r.id) ?? 0, role)), total };
}

/** The order as staff see it (the route adds its WhatsApp/SMS messages: routes/admin/orders.ts). */
export async function getOrder(db: PrismaClient, id: string, role: StaffRole): Promise<Omit<AdminOrder, "phoneMessages">> {
  const row = await orderQueries(db).findForStaff(id);
  if (!row) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const unread = await chatRepository(db).unreadByOrder([id]);
  return toDetail(row, unread.get(id) ?? 0, role);
}

/**
 * The Pagamentos queue: bank-transfer orders awaiting payment, the nearest deadline first; `unconfirmed`: the
 * orders holding a payment "por confirmar" instead (docs/product/console.md#pagamentos).
 */
export const PAYMENT_QUEUE = {
  filters: { hasProof: "boolean", unconfirmed: "boolean" },
  sortable: ["paymentDeadline", "createdAt", "totalAmount"],
  defaultSort: { field: "paymentDeadline", order: "ASC" },
} as const satisfies ListSpec<{ hasProof: "boolean"; unconfirmed: "boolean" }>;

export async function listPaymentQueue(
  db: PrismaClient,
  query: ListQuery<{ hasProof?: boolean; unconfirmed?: boolean }>,
  role: StaffRole,
): Promise<ListPage<AdminOrder>> {
  const repo = orderQueries(db);
  const [rows, total] = await Promise.all([
    repo.listAwaitingTransfer(query.filter, orderByOf(query.sort), query.offset, query.limit),
    repo.countAwaitingTransfer(query.filter),
  ]);
  const unread = await chatRepository(db).unreadByOrder(rows.map((r) => r.id));
  return { rows: rows.map((r) => toRow(r, unread.get(r.id) ?? 0, role)), total };
}
