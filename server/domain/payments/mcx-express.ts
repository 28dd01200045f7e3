// Multicaixa Express through AppyPay (docs/design/money.md#multicaixa-express-appypay): the shop asks AppyPay to charge
// the shopper's mobile what an order still owes; the shopper approves it in the app within 90 seconds; the outcome is
// taken only from AppyPay's own answer to GET /charges/{id} (the webhook only says which charge to ask about) and
// settled once, whoever asks first (webhook, reconciliation, a new try): paid → a ledger payment keyed by AppyPay's
// charge id; another amount or transaction → kept and alerted, never counted; declined, no balance, timed out →
// failed, and the shopper may try again. An order has at most one pending charge of its own money owed, and a payment
// request at most one of its amount (docs/product/payment-requests.md): a request's charge, paid, pays the request
// (payRequest: the order's extras and the ledger, once).
import { randomInt } from "node:crypto";
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, BANK_TRANSFER, CANCELLED, shortOrderId } from "../../../shared/orders.ts";
import { MCX_EXPRESS_APPROVAL_SECONDS, MCX_EXPRESS_INVALID_PHONE, angolanMobile, chargeOutcomeText } from "../../../shared/mcx-express.ts";
import { AppyPayError } from "../../integrations/appypay/client.ts";
import type { AppyPayCharges, GatewayCharge } from "../../integrations/appypay/charges.ts";
import { AppError } from "../errors.ts";
import { ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import { paymentOnCancelledNote, paymentOnClosedRequestNote } from "../orders/shop-messages.ts";
import { kz, orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { REQUEST_CLOSED, type PaymentRequestStatus } from "../../../shared/payment-requests.ts";
import { addPayment } from "./payments.ts";
import { payRequest, toRequestView } from "./payment-requests.ts";
import { paymentRequestsRepository } from "./payment-requests-repository.ts";
import { paymentsRepository } from "./repository.ts";
import { mcxExpressRepository, type ChargeRow } from "./mcx-express-repository.ts";

/** Who records a Multicaixa Express payment, as the order's payments show. */
export const MCX_EXPRESS_ACTOR = "Multicaixa Express";

export const MCX_EXPRESS_UNAVAILABLE = "O pagamento por Multicaixa Express não está disponível";
const ALREADY_PAID = "Este pedido já está pago";
const CANCELLED_ORDER = "Este pedido está cancelado: já não pode ser pago";
const NOT_BY_MCX = "Este pedido não pode ser pago por Multicaixa Express";
const REQUEST_NOT_FOUND = "Pedido de pagamento não encontrado neste pedido";
const CHARGE_PENDING =
  "Já há um pagamento Multicaixa Express à espera de aprovação neste pedido: aprove-o na app ou aguarde o fim do prazo";
const GATEWAY_REFUSED = "O Multicaixa Express não aceitou o pedido de pagamento. Tente de novo, ou pague por referência ou transferência.";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longer than this unknown to the gateway, a charge is marked failed and staff are alerted. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** A charge AppyPay never heard of this long after its 90 s is taken as never made (the request was lost on its way). */
const NEVER_ARRIVED_GRACE_MS = MINUTE;

/** What is charged: an order's money still owed, or one of its payment requests (its amount). */
export interface ChargeTarget {
  orderId: string;
  paymentRequestId: string | null;
  amount: Prisma.Decimal;
}

/** The gateway and the charge's settings, present only when Multicaixa Express is configured. */
export interface McxExpressSetup {
  gateway: AppyPayCharges;
  /** APPYPAY_GPO_METHOD. */
  paymentMethod: string;
  /** APPYPAY_RECONCILE_SECONDS, in ms: the first question to AppyPay about a charge still pending. */
  reconcileMs: number;
}

/** When to ask AppyPay about a pending charge: after the reconciliation delay, 10 minutes, an hour; null after a day. */
export function nextCheckAt(createdAt: Date, reconcileMs: number, now: Date): Date | null {
  const at = [reconcileMs, 10 * MINUTE, HOUR, GIVE_UP_AFTER_MS]
    .sort((a, b) => a - b)
    .map((ms) => createdAt.getTime() + ms)
    .find((t) => t > now.getTime());
  return at === undefined ? null : new Date(at);
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** 15 letters and digits (AppyPay's limit), ~77 random bits: unique per charge (the column is unique too). */
export const newMerchantTransactionId = (): string => Array.from({ length: 15 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

const cents = (amount: Prisma.Decimal | number): number => Math.round(Number(amount) * 100);

/**
 * The order the shopper may charge now, its row held: theirs (404 otherwise), a bank-transfer order awaiting
 * payment, with money owed and no charge pending.
 */
async function chargeableOrder(tx: Db, orderId: string, userId: string): Promise<ChargeTarget> {
  const owner = await ordersRepository(tx).findForUser(orderId, userId);
  if (!owner) throw new AppError(404, ORDER_NOT_FOUND);
  const money = await paymentsRepository(tx).lockOrderMoney(orderId);
  if (!money) throw new AppError(404, ORDER_NOT_FOUND);
  if (money.status === CANCELLED) throw new AppError(409, CANCELLED_ORDER);
  const owed = money.totalAmount.minus(money.amountPaid);
  if (money.paid || money.status !== AWAITING_PAYMENT || !owed.greaterThan(0)) throw new AppError(409, ALREADY_PAID);
  if (owner.paymentMethod !== BANK_TRANSFER) throw new AppError(409, NOT_BY_MCX);
  if (await mcxExpressRepository(tx).findPendingOf(orderId)) throw new AppError(409, CHARGE_PENDING);
  return { orderId, paymentRequestId: null, amount: owed };
}

/**
 * The payment request the shopper may charge now, its row held (payRequest's order: the request, then the order): of
 * their order (404 otherwise), open and before its deadline, its order not cancelled, no charge of it pending.
 */
async function chargeableRequest(tx: Db, orderId: string, requestId: string, userId: string): Promise<ChargeTarget> {
  if (!(await ordersRepository(tx).findForUser(orderId, userId))) throw new AppError(404, ORDER_NOT_FOUND);
  const request = await paymentRequestsRepository(tx).lock(requestId);
  if (!request || request.orderId !== orderId) throw new AppError(404, REQUEST_NOT_FOUND);
  const status = toRequestView(request).status;
  if (status !== "open") throw new AppError(409, REQUEST_CLOSED[status as PaymentRequestStatus]);
  if ((await ordersRepository(tx).findStatus(orderId))?.status === CANCELLED) throw new AppError(409, CANCELLED_ORDER);
  if (await mcxExpressRepository(tx).findPendingOf(orderId, requestId)) throw new AppError(409, CHARGE_PENDING);
  return { orderId, paymentRequestId: requestId, amount: request.amount };
}

const isPendingClash = (error: unknown): boolean => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Whether AppyPay answered a request with a refusal (a 4xx): the charge does not exist there. */
const refusedByGateway = (error: unknown): boolean => error instanceof AppyPayError && error.status >= 400 && error.status < 500;

/**
 * The shopper asks to pay an order with Multicaixa Express: a pending charge of what the order still owes, asked of
 * AppyPay in one request (its answer comes later, to the webhook). A charge AppyPay refused is failed at once (502);
 * one whose answer was lost stays pending: the reconciliation finds it by its merchantTransactionId.
 */
export async function startCharge(
  db: PrismaClient,
  setup: McxExpressSetup | undefined,
  input: { userId: string; orderId: string; phoneNumber: string; paymentRequestId?: string },
  now = new Date(),
): Promise<{ chargeId: string; status: "pending"; expiresAt: string }> {
  if (!setup) throw new AppError(400, MCX_EXPRESS_UNAVAILABLE);
  if (!(await ordersRepository(db).findForUser(input.orderId, input.userId))) throw new AppError(404, ORDER_NOT_FOUND);
  const phoneNumber = angolanMobile(input.phoneNumber);
  if (!phoneNumber) throw new AppError(400, MCX_EXPRESS_INVALID_PHONE);
  // A charge still pending past its 90 s (its webhook lost): asked of AppyPay now, so the shopper may try again.
  const requestId = input.paymentRequestId ?? null;
  const earlier = await mcxExpressRepository(db).findPendingOf(input.orderId, requestId);
  if (earlier && earlier.expiresAt.getTime() <= now.getTime()) await checkCharge(db, setup, earlier.id, now).catch(() => undefined);

  const expiresAt = new Date(now.getTime() + MCX_EXPRESS_APPROVAL_SECONDS * 1000);
  let charge: ChargeRow;
  try {
    charge = await db.$transaction(async (tx) => {
      const target = requestId
        ? await chargeableRequest(tx, input.orderId, requestId, input.userId)
        : await chargeableOrder(tx, input.orderId, input.userId);
      return mcxExpressRepository(tx).insert({
        orderId: target.orderId,
        paymentRequestId: target.paymentRequestId,
        merchantTransactionId: newMerchantTransactionId(),
        phoneNumber,
        amount: target.amount,
        expiresAt,
        nextCheckAt: new Date(now.getTime() + setup.reconcileMs),
      });
    });
  } catch (error) {
    if (isPendingClash(error)) throw new AppError(409, CHARGE_PENDING);
    throw error;
  }

  // The one round trip to AppyPay, with no row held while it answers.
  try {
    const accepted = await setup.gateway.create({
      amount: Number(charge.amount.toFixed(2)),
      description: `Loja pedido ${shortOrderId(charge.orderId)}`,
      merchantTransactionId: charge.merchantTransactionId,
      paymentMethod: setup.paymentMethod,
      phoneNumber,
    });
    await mcxExpressRepository(db).setGatewayId(charge.id, accepted.id);
    if (accepted.state === "failed") {
      await settleCharge(db, charge.id, { ...accepted, merchantTransactionId: charge.merchantTransactionId, amount: null }, now);
      throw new AppError(502, chargeOutcomeText("failed", accepted.code) ?? GATEWAY_REFUSED);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!refusedByGateway(error)) return { chargeId: charge.id, status: "pending", expiresAt: expiresAt.toISOString() };
    const refusal = error as AppyPayError;
    await db.$transaction(async (tx) => {
      if (await mcxExpressRepository(tx).lockPending(charge.id))
        await mcxExpressRepository(tx).settle(charge.id, now, {
          status: "failed",
          code: refusal.status,
          message: refusal.providerMessage ?? refusal.message,
        });
    });
    throw new AppError(502, GATEWAY_REFUSED);
  }
  return { chargeId: charge.id, status: "pending", expiresAt: expiresAt.toISOString() };
}

type SettleResult = "pending" | "paid" | "failed" | "mismatch" | "kept" | "settled-before";

/**
 * Asks AppyPay where a charge stands (by its id, or by our merchantTransactionId when the answer to the request was
 * lost) and settles it on that answer. Throws AppyPayError when AppyPay could not be asked.
 */
export async function checkCharge(
  db: PrismaClient,
  setup: Pick<McxExpressSetup, "gateway" | "reconcileMs">,
  chargeId: string,
  now = new Date(),
) {
  const charge = await mcxExpressRepository(db).find(chargeId);
  if (!charge || charge.status !== "pending") return "settled-before" as const;
  const view = charge.gatewayId
    ? await setup.gateway.get(charge.gatewayId)
    : await setup.gateway.findByMerchantTransactionId(charge.merchantTransactionId);
  return settleCharge(db, charge.id, view, now, setup.reconcileMs);
}

/**
 * Settles a pending charge on what AppyPay said of it (`view`; null: AppyPay does not know it), once: the charge's
 * row is taken only while pending, after its order's row (the ledger's order), so a webhook, the reconciliation and
 * another instance asking at the same moment record it once. A charge still pending gets its next question, or is
 * failed and alerted after a day.
 */
export async function settleCharge(
  db: PrismaClient,
  chargeId: string,
  view: GatewayCharge | null,
  now = new Date(),
  reconcileMs = 120_000,
): Promise<SettleResult> {
  const charge = await mcxExpressRepository(db).find(chargeId);
  if (!charge || charge.status !== "pending") return "settled-before";
  return db.$transaction(async (tx): Promise<SettleResult> => {
    // Rows in the ledger's order: a request's (as payRequest and the statement import take it), the order's, the charge's.
    const request = charge.paymentRequestId ? await paymentRequestsRepository(tx).lock(charge.paymentRequestId) : null;
    await ordersRepository(tx).lock(charge.orderId);
    const charges = mcxExpressRepository(tx);
    if (!(await charges.lockPending(charge.id))) return "settled-before";
    const settled = (status: "paid" | "failed" | "mismatch" | "kept", code: number | null, unconfirmed = false) =>
      emitEvents(tx, orderEvent("charge.settled", charge.orderId, { chargeId: charge.id, status, code, unconfirmed }));

    if (!view || view.state === "pending") {
      const neverArrived = !view && !charge.gatewayId && now.getTime() > charge.expiresAt.getTime() + NEVER_ARRIVED_GRACE_MS;
      const next = nextCheckAt(charge.createdAt, reconcileMs, now);
      if (neverArrived || !next) {
        // Unknown to the shopper too: no code of AppyPay's stands for it (its last message is kept for staff).
        await charges.settle(charge.id, now, { status: "failed", code: null, message: view?.message ?? charge.gatewayMessage });
        await settled("failed", null, !neverArrived);
        return "failed";
      }
      await charges.checked(charge.id, now, next, view?.code ?? charge.code, view?.message ?? charge.gatewayMessage);
      return "pending";
    }

    const base = { code: view.code, message: view.message, gatewayId: charge.gatewayId ? undefined : view.id };
    if (view.state === "failed") {
      await charges.settle(charge.id, now, { status: "failed", ...base });
      await settled("failed", view.code);
      return "failed";
    }

    // Success: only for exactly what was charged, under our own transaction id, on the charge we asked for.
    const same =
      view.merchantTransactionId === charge.merchantTransactionId &&
      view.amount !== null &&
      cents(view.amount) === cents(charge.amount) &&
      (!charge.gatewayId || view.id === charge.gatewayId);
    const gatewayAmount = view.amount === null ? null : new Prisma.Decimal(cents(view.amount)).dividedBy(100);
    if (!same) {
      await charges.settle(charge.id, now, { status: "mismatch", ...base, gatewayAmount });
      await settled("mismatch", view.code);
      return "mismatch";
    }
    const bankReference = `Multicaixa Express ${view.id}`;
    const order = await ordersRepository(tx).findStatus(charge.orderId);
    const requestClosed = request ? toRequestView(request, undefined, now).status : null;
    if (order?.status === CANCELLED || (requestClosed && requestClosed !== "open")) {
      // Money that reached a cancelled order, or a request closed while the shopper approved it (the order alive):
      // kept for staff to give back (alerted, and told in the chat, each in its own words).
      const kept = { paymentId: view.id, amount: kz(charge.amount), bankReference };
      if (order?.status !== CANCELLED && request && requestClosed) {
        const why = REQUEST_CLOSED[requestClosed as PaymentRequestStatus];
        await ordersRepository(tx).addNote({
          orderId: charge.orderId,
          authorId: null,
          text: paymentOnClosedRequestNote(charge.amount, bankReference, why),
        });
        await emitEvents(tx, orderEvent("payment.on_closed_request", charge.orderId, { ...kept, requestId: request.id, why }));
      } else {
        await ordersRepository(tx).addNote({
          orderId: charge.orderId,
          authorId: null,
          text: paymentOnCancelledNote(charge.amount, bankReference, view.id),
        });
        await emitEvents(tx, orderEvent("payment.on_cancelled_order", charge.orderId, kept));
      }
      await charges.settle(charge.id, now, { status: "kept", ...base, gatewayAmount });
      await settled("kept", view.code);
      return "kept";
    }
    const payment = { amount: charge.amount, bankReference, receivedAt: now, note: `Telemóvel ${charge.phoneNumber}` };
    const by = {
      staffUserId: null,
      actor: MCX_EXPRESS_ACTOR,
      externalId: `appypay:${view.id}`,
      confirmation: { via: "service", byId: null },
    } as const;
    // A request's charge pays the request (its extras and the ledger, once); the checks above left it payable.
    const recorded = charge.paymentRequestId
      ? await payRequest(tx, charge.paymentRequestId, payment, by)
      : await addPayment(tx, charge.orderId, payment, by);
    await charges.settle(charge.id, now, { status: "paid", ...base, gatewayAmount, ledgerPaymentId: recorded.paymentId });
    await settled("paid", view.code);
    return "paid";
  });
}

/**
 * The webhook (POST /api/payments/appypay), its secret already checked: the body only names the charge, by AppyPay's
 * id or ours; the charge is settled on AppyPay's own answer. A charge that is not ours, or already settled, changes
 * nothing.
 */
export async function onChargeWebhook(
  db: PrismaClient,
  setup: McxExpressSetup,
  body: unknown,
  now = new Date(),
): Promise<SettleResult | "unknown"> {
  const named = (body ?? {}) as { id?: unknown; merchantTransactionId?: unknown };
  const gatewayId = typeof named.id === "string" && named.id.length <= 100 ? named.id : null;
  const merchantTransactionId =
    typeof named.merchantTransactionId === "string" && /^[A-Za-z0-9]{1,15}$/.test(named.merchantTransactionId)
      ? named.merchantTransactionId
      : null;
  if (!gatewayId && !merchantTransactionId) throw new AppError(400, "Notificação inválida");
  const charge = await mcxExpressRepository(db).findByGateway(gatewayId, merchantTransactionId);
  if (!charge) return "unknown";
  if (charge.status !== "pending") return "settled-before";
  // The body only picks what to ask about; when ours has no AppyPay id yet, the answer must name our transaction.
  let view: GatewayCharge | null;
  if (charge.gatewayId) view = await setup.gateway.get(charge.gatewayId);
  else if (gatewayId) {
    view = await setup.gateway.get(gatewayId);
    if (view && view.merchantTransactionId !== charge.merchantTransactionId) return "unknown";
  } else view = await setup.gateway.findByMerchantTransactionId(charge.merchantTransactionId);
  return settleCharge(db, charge.id, view, now, setup.reconcileMs);
}

/**
 * The reconciliation's round: every charge still pending at its next question is asked of AppyPay and settled the
 * same way (docs/design/jobs.md). A charge AppyPay could not be asked about is asked again a minute later.
 * Returns whether more are due now.
 */
export async function reconcileCharges(db: PrismaClient, setup: McxExpressSetup, now = new Date(), batch = 20): Promise<boolean> {
  const due = await mcxExpressRepository(db).due(now, batch);
  for (const { id } of due) {
    try {
      await checkCharge(db, setup, id, now);
    } catch {
      await mcxExpressRepository(db).retryAt(id, new Date(now.getTime() + MINUTE));
    }
  }
  return due.length === batch;
}
