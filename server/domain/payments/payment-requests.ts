// Payment requests (docs/product/payment-requests.md): an amount staff (admin or support) ask of the shopper after
// the order — a province's delivery quoted on request, an exchange's difference, an extra item, a deposit. Each has
// its own transfer reference (the statement import matches it like an order's), a Multicaixa reference when ProxyPay
// is configured, and a deadline. Paid exactly once through the ledger (payRequest, under the request's and the
// order's row locks), it raises the order's total by its amount (`extras`) and records the payment against it, so
// the order's totals, the owner's numbers and the exports include it. Staff may cancel an open request; the
// payment-deadline job expires it at its deadline. What the shopper is told (the chat card, e-mail, WhatsApp) are
// reactions to its events.
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { CANCELLED } from "../../../shared/orders.ts";
import { MAX_AMOUNT, amountTooLarge } from "../../../shared/money.ts";
import { MAX_REQUEST_HOURS, REQUEST_CLOSED, DEFAULT_REQUEST_HOURS, type PaymentRequestStatus } from "../../../shared/payment-requests.ts";
import type { ReceivedProxyPayPayment } from "../../integrations/proxypay.ts";
import { AppError } from "../errors.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { paymentOnCancelledNote, paymentOnClosedRequestNote } from "../orders/shop-messages.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { addPayment, staffActor, type CheckedPayment, type Confirmation, type RecordedPayment } from "./payments.ts";
import { paymentsRepository } from "./repository.ts";
import { newPaymentReference } from "./payment-reference.ts";
import type { MulticaixaReferenceIssuer } from "./bank-transfer.ts";
import { multicaixaRepository } from "./multicaixa-repository.ts";
import { paymentRequestsRepository, type PaymentRequestRow } from "./payment-requests-repository.ts";
import { mcxExpressRepository, type ChargeRow } from "./mcx-express-repository.ts";
import { toShopCharge } from "./mcx-express-view.ts";
import type { ShopMcxExpress } from "../../schemas/mcx-express.ts";

const HOUR_MS = 3_600_000;
const BATCH = 100;
const REFERENCE_ATTEMPTS = 5;

const REQUEST_NOT_FOUND = "Pedido de pagamento não encontrado neste pedido";
const ORDER_CANCELLED = "Este pedido está cancelado: não é possível pedir pagamentos";
const REASON_MISSING = "Indique o motivo do pedido de pagamento";
const BAD_HOURS = `O prazo do pedido deve ser entre 1 e ${MAX_REQUEST_HOURS} horas`;
const otherAmount = (asked: Prisma.Decimal) => `O valor recebido não é o do pedido de pagamento (${kz(asked)} kz)`;

/** A request as staff and the shopper see it; an open one past its deadline already reads as expired. */
export interface PaymentRequestView {
  id: string;
  amount: number;
  reason: string;
  status: PaymentRequestStatus;
  expiresAt: string;
  reference: string;
  multicaixa: { entity: string; reference: string; amount: number } | null;
  createdBy: string;
  createdAt: string;
  closedAt: string | null;
  mcxExpress?: ShopMcxExpress;
}

export function toRequestView(r: PaymentRequestRow, multicaixaEntity?: string, now = new Date()): PaymentRequestView {
  const status = r.status === "open" && r.expiresAt.getTime() <= now.getTime() ? "expired" : (r.status as PaymentRequestStatus);
  return {
    id: r.id,
    amount: r.amount.toNumber(),
    reason: r.reason,
    status,
    expiresAt: r.expiresAt.toISOString(),
    reference: r.reference,
    multicaixa:
      multicaixaEntity && r.multicaixaReference && status === "open"
        ? { entity: multicaixaEntity, reference: r.multicaixaReference, amount: r.amount.toNumber() }
        : null,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
  };
}

/**
 * The requests of an order, oldest first (404 for an unknown order); for the shopper's chat with `mcxExpress` (the
 * shop offers it: each request's latest charge, or null; false: null).
 */
export async function listPaymentRequests(
  db: Db,
  orderId: string,
  multicaixaEntity?: string,
  mcxExpress?: boolean,
): Promise<PaymentRequestView[]> {
  if (!(await ordersRepository(db).exists(orderId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const rows = await paymentRequestsRepository(db).ofOrder(orderId);
  const views = rows.map((r) => toRequestView(r, multicaixaEntity));
  if (mcxExpress === undefined) return views;
  const charges = mcxExpress ? await mcxExpressRepository(db).latestOfRequests(rows.map((r) => r.id)) : new Map<string, ChargeRow>();
  return views.map((v) => {
    const charge = charges.get(v.id);
    return { ...v, mcxExpress: mcxExpress ? { charge: charge ? toShopCharge(charge) : null } : null };
  });
}

/** Whole cents, above 0, within the ledger's column. */
function checkAmount(amount: number): Prisma.Decimal {
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6) throw new AppError(400, "O valor pode ter no máximo 2 casas decimais");
  if (cents <= 0) throw new AppError(400, "O valor deve ser maior que zero");
  if (amount > MAX_AMOUNT) throw new AppError(400, amountTooLarge("O valor"));
  return new Prisma.Decimal(cents).dividedBy(100);
}

/**
 * Staff ask the shopper for `amount` on an order that is not cancelled: its own reference, a Multicaixa reference
 * when `proxypay` is given (placed without one when ProxyPay cannot be reached), open until `expiresInHours`.
 */
export async function createPaymentRequest(
  db: PrismaClient,
  input: { orderId: string; amount: number; reason: string; expiresInHours?: number; staffUserId: string },
  proxypay?: MulticaixaReferenceIssuer,
  /** The ProxyPay entity shown with its Multicaixa reference. */
  multicaixaEntity?: string,
): Promise<PaymentRequestView> {
  const amount = checkAmount(input.amount);
  const reason = input.reason.trim();
  if (!reason) throw new AppError(400, REASON_MISSING);
  const hours = input.expiresInHours ?? DEFAULT_REQUEST_HOURS;
  if (!(hours >= 1 && hours <= MAX_REQUEST_HOURS)) throw new AppError(400, BAD_HOURS);
  const order = await ordersRepository(db).findStatus(input.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (order.status === CANCELLED) throw new AppError(409, ORDER_CANCELLED);
  const expiresAt = new Date(Date.now() + Math.round(hours * HOUR_MS));
  const requests = paymentRequestsRepository(db);
  let reference = newPaymentReference();
  for (let attempt = 1; (await requests.referenceTaken(reference)) && attempt < REFERENCE_ATTEMPTS; attempt++)
    reference = newPaymentReference();
  const multicaixaReference = proxypay
    ? await proxypay
        .createReference({ amount: amount.toNumber(), endDatetime: expiresAt, customFields: { order: input.orderId } })
        .catch(() => null)
    : null;
  const createdByName = await staffActor(db, input.staffUserId);
  const row = await db.$transaction(async (tx) => {
    const created = await paymentRequestsRepository(tx).insert({
      orderId: input.orderId,
      amount,
      reason,
      reference,
      multicaixaReference,
      expiresAt,
      createdById: input.staffUserId,
      createdByName,
    });
    await emitEvents(
      tx,
      orderEvent("payment_request.created", input.orderId, {
        requestId: created.id,
        amount: kz(amount),
        reason,
        expiresAt: expiresAt.toISOString(),
        reference,
        multicaixaReference,
      }),
    );
    return created;
  });
  return toRequestView(row, multicaixaEntity);
}

/** Staff withdraw an open request: it can no longer be paid (its Multicaixa reference is withdrawn too). */
export async function cancelPaymentRequest(db: PrismaClient, input: { orderId: string; requestId: string; staffUserId: string }) {
  return db.$transaction(async (tx) => {
    const requests = paymentRequestsRepository(tx);
    const request = await requests.find(input.orderId, input.requestId);
    if (!request) throw new AppError(404, REQUEST_NOT_FOUND);
    if (!(await requests.cancel(request.id, input.staffUserId)))
      throw new AppError(409, REQUEST_CLOSED[request.status as PaymentRequestStatus]);
    await emitEvents(
      tx,
      orderEvent("payment_request.closed", input.orderId, {
        requestId: request.id,
        status: "cancelled",
        multicaixaReference: request.multicaixaReference,
      }),
    );
  });
}

/** A round of the payment-deadline job: open requests past their deadline expire (each told once). */
export async function expirePaymentRequests(db: PrismaClient, now: Date): Promise<string[]> {
  const expired: string[] = [];
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const due = await paymentRequestsRepository(tx).expireDue(now, BATCH);
      await emitEvents(
        tx,
        ...due.map((r) =>
          orderEvent("payment_request.closed", r.orderId, {
            requestId: r.id,
            status: "expired",
            multicaixaReference: r.multicaixaReference,
          }),
        ),
      );
      return due;
    });
    expired.push(...batch.map((r) => r.id));
    if (batch.length < BATCH) return expired;
  }
}

/**
 * Inside the caller's transaction: the request is paid by `payment`, exactly once. Refused (409) when it is not open
 * (paid, cancelled, past its deadline), when the amount is not the request's, or when its order was cancelled. The
 * order's total rises by the amount (its extras) and the payment is recorded against it through the ledger.
 */
export async function payRequest(
  tx: Db,
  requestId: string,
  payment: CheckedPayment,
  by: { staffUserId: string | null; actor: string; externalId?: string | null; confirmation: Confirmation },
): Promise<RecordedPayment> {
  const requests = paymentRequestsRepository(tx);
  const request = await requests.lock(requestId);
  if (!request) throw new AppError(404, "Pedido de pagamento não encontrado");
  const status = toRequestView(request).status;
  if (status !== "open") throw new AppError(409, REQUEST_CLOSED[status]);
  if (!payment.amount.equals(request.amount)) throw new AppError(409, otherAmount(request.amount));
  const order = await paymentsRepository(tx).lockOrderMoney(request.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  if (order.status === CANCELLED) throw new AppError(409, "Este pedido está cancelado: o pedido de pagamento não pode ser pago");
  if (order.totalAmount.plus(request.amount).greaterThan(MAX_AMOUNT)) throw new AppError(400, amountTooLarge("O total"));
  await requests.addExtras(request.orderId, request.amount);
  const recorded = await addPayment(tx, request.orderId, payment, by);
  if (!(await requests.markPaid(request.id, recorded.paymentId))) throw new AppError(409, REQUEST_CLOSED.paid);
  await emitEvents(
    tx,
    orderEvent("payment_request.paid", request.orderId, {
      requestId: request.id,
      amount: kz(request.amount),
      paymentId: recorded.paymentId,
      multicaixaReference: request.multicaixaReference,
    }),
  );
  return recorded;
}

/** The open request a transfer reference names, if any (the statement import's second look, after orders). */
export const requestsByReferences = (db: Db, references: string[]) => paymentRequestsRepository(db).findByReferences(references);

/**
 * A ProxyPay payment of a request's Multicaixa reference: kept once per ProxyPay payment id (a replayed webhook
 * changes nothing), then the request is paid; one it can no longer take (cancelled, expired, already paid) is kept
 * for staff like a payment on a cancelled order. Null when no request holds the reference.
 */
export async function recordMulticaixaRequestPayment(
  db: PrismaClient,
  p: ReceivedProxyPayPayment,
  actor: string,
  raw?: unknown,
): Promise<"recorded" | "duplicate" | "order-cancelled" | null> {
  const request = await paymentRequestsRepository(db).findByMulticaixaReference(p.referenceId);
  if (!request) return null;
  const amount = new Prisma.Decimal(Math.round(p.amount * 100)).dividedBy(100);
  const payment = { amount, bankReference: `Multicaixa ${p.referenceId}`, receivedAt: p.receivedAt, note: null };
  try {
    return await db.$transaction(async (tx) => {
      const claimed = await multicaixaRepository(tx).claim({
        paymentId: p.paymentId,
        referenceId: p.referenceId,
        amount,
        receivedAt: p.receivedAt,
        outcome: "recorded",
        orderId: request.orderId,
        raw: (raw ?? { ...p, receivedAt: p.receivedAt.toISOString() }) as Prisma.InputJsonValue,
      });
      if (!claimed) return "duplicate" as const;
      const recorded = await payRequest(tx, request.id, payment, {
        staffUserId: null,
        actor,
        externalId: p.paymentId,
        confirmation: { via: "service", byId: null },
      });
      await multicaixaRepository(tx).linkLedger(p.paymentId, recorded.paymentId);
      return "recorded" as const;
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The money is the shopper's: kept on the order for staff to give back (never lost, never counted), told as
    // money on a cancelled order, or, the order alive, as money the request could no longer take (`why`).
    await db.$transaction(async (tx) => {
      const claimed = await multicaixaRepository(tx).claim({
        paymentId: p.paymentId,
        referenceId: p.referenceId,
        amount,
        receivedAt: p.receivedAt,
        outcome: "order-cancelled",
        orderId: request.orderId,
        raw: (raw ?? { ...p, receivedAt: p.receivedAt.toISOString() }) as Prisma.InputJsonValue,
      });
      if (!claimed) return;
      const kept = { paymentId: p.paymentId, amount: kz(amount), bankReference: payment.bankReference };
      const order = await ordersRepository(tx).findStatus(request.orderId);
      if (order?.status === CANCELLED) {
        await ordersRepository(tx).addNote({
          orderId: request.orderId,
          authorId: null,
          text: paymentOnCancelledNote(amount, payment.bankReference, p.paymentId),
        });
        await emitEvents(tx, orderEvent("payment.on_cancelled_order", request.orderId, kept));
        return;
      }
      const why = error.message;
      await ordersRepository(tx).addNote({
        orderId: request.orderId,
        authorId: null,
        text: paymentOnClosedRequestNote(amount, payment.bankReference, why),
      });
      await emitEvents(tx, orderEvent("payment.on_closed_request", request.orderId, { ...kept, requestId: request.id, why }));
    });
    return "order-cancelled";
  }
}
