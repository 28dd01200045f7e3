// Which e-mails and pushes each event of an order causes (docs/product/notifications.md), in one place. Every function runs inside
// a subscriber's transaction (server/subscribers/), so the outbox rows commit with the record that the reaction ran;
// the pushes it returns are sent by the subscriber after the commit (Notifier.committed). The shopper's notifyEmail / notifyPush choices are
// respected here; staff alerts go to the addresses in the shop's settings.
import type { Db } from "../db/client.ts";
import { formatKz, type MoneyAmount } from "../../shared/money.ts";
import { Prisma } from "../db/client.ts";
import {
  CANCELLED,
  CARD,
  PAY_ON_DELIVERY,
  DELIVERED,
  PAYMENT_CONFIRMED,
  PAYMENT_METHOD_LABELS,
  SHIPPED,
  shortOrderId,
  type PaymentMethod,
} from "../../shared/orders.ts";
import { bankOf } from "./mail/context.ts";
import type { Mail } from "./mail/facts.ts";
import { orderEventsRepository, type EventOrder } from "./order-events-repository.ts";
import type { Notifier, PushNotice } from "./notifier.ts";
import { enqueueMail, enqueueStaffAlert, newMail } from "./outbox/enqueue.ts";
import { outboxRepository, type NewMail } from "./outbox/repository.ts";
import type { MailContext, OrderLineSummary, PaymentDue } from "./mail/templates.ts";
import { phoneMessageRows } from "./messaging/enqueue.ts";
import type { PhoneFacts, PhoneKind } from "./messaging/templates.ts";
import type { DeliveryChoice } from "../../shared/delivery.ts";
import { shipmentLines } from "../../shared/shipment.ts";
import type { FiscalDocumentType } from "../../shared/fiscal.ts";
import { GUARDED_FIELD_LABELS, isBankField } from "../../shared/settings.ts";
import { storedDelivery, storedShipment } from "../domain/orders/service.ts";
import { messageWaitingStaffPush, newOrderStaffPush, newProofStaffPush } from "./staff-push.ts";

/** Where the shopper is e-mailed: null when they have no address, turned e-mail off, or the account is closed. */
const mailbox = (user: EventOrder["user"]) => (user.email && user.notifyEmail && user.active ? user.email : null);
const pushTo = (user: EventOrder["user"], payload: PushNotice["payload"]): PushNotice | null =>
  user.notifyPush && user.active ? { userId: user.id, payload } : null;
/** Whether the shopper pays the order by the transfer (or Multicaixa reference) the notices spell out. */
const paidByTransfer = (method: string) => method !== CARD && method !== PAY_ON_DELIVERY;

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** What is left to pay and where, as of now (the mail states it so, whatever changes later). */
function paymentDue(
  notifier: Notifier,
  ctx: MailContext,
  amountDue: EventOrder["totalAmount"],
  order: Pick<EventOrder, "paymentReference" | "paymentDeadline" | "multicaixaReference">,
): PaymentDue {
  return {
    amountDue,
    bank: bankOf(ctx),
    paymentReference: order.paymentReference,
    paymentDeadline: order.paymentDeadline,
    multicaixa:
      notifier.multicaixaEntity && order.multicaixaReference
        ? { entity: notifier.multicaixaEntity, reference: order.multicaixaReference, amount: amountDue }
        : null,
  };
}

/** What a phone message says about paying: the transfer's description, deadline, Multicaixa, the IBAN's short form. */
function phonePayment(
  notifier: Notifier,
  ctx: MailContext,
  amount: EventOrder["totalAmount"],
  order: Pick<EventOrder, "paymentReference" | "paymentDeadline" | "multicaixaReference">,
): Omit<PhoneFacts, "orderId" | "firstName"> {
  return {
    amount,
    paymentReference: order.paymentReference,
    paymentDeadline: order.paymentDeadline,
    multicaixa:
      notifier.multicaixaEntity && order.multicaixaReference
        ? { entity: notifier.multicaixaEntity, reference: order.multicaixaReference }
        : null,
    iban: ctx.shop.iban ?? null,
  };
}

/** The order's delivery phone and first name, from its stored address. */
const addressOf = (order: Pick<EventOrder, "address">) => {
  const a = (order.address ?? {}) as { phone?: unknown; firstName?: unknown };
  return { phone: typeof a.phone === "string" ? a.phone : null, firstName: typeof a.firstName === "string" ? a.firstName : "" };
};

/** Writes the phone message of `kind` for `order` in the caller's transaction (WhatsApp or SMS, or none). */
async function enqueuePhone(
  tx: Db,
  notifier: Notifier,
  order: EventOrder,
  kind: PhoneKind,
  facts: Omit<PhoneFacts, "orderId" | "firstName">,
) {
  const { phone, firstName } = addressOf(order);
  for (const row of phoneMessageRows(notifier.phoneChannels, order.user, phone, kind, { orderId: order.id, firstName, ...facts }))
    await outboxRepository(tx).insert(row);
}

/**
 * A support-reply digest also reaches the shopper's phone when they chose it: one message per digest (`event`
 * names its last reply), linking the chat.
 */
export async function supportRepliesByPhone(tx: Db, notifier: Notifier, orderId: string, event: string): Promise<void> {
  const order = await orderEventsRepository(tx).phoneOf(orderId);
  if (!order) return;
  const { phone, firstName } = addressOf(order);
  for (const row of phoneMessageRows(notifier.phoneChannels, order.user, phone, "support-replies", { orderId, firstName }, event))
    await outboxRepository(tx).insert(row);
}

/** The order's coupon for its mails (nothing when it was placed without one). */
const couponOf = (order: { couponCode: string | null; discount: EventOrder["totalAmount"] }) =>
  order.couponCode ? { coupon: { code: order.couponCode, discount: order.discount.toNumber() } } : {};

interface PlacedOrder {
  id: string;
  couponCode: string | null;
  discount: EventOrder["totalAmount"];
  /** The delivery address: its phone receives WhatsApp / SMS, its first name greets. */
  address: { phone: string | null; firstName: string };
  paymentMethod: string;
  subtotal: EventOrder["totalAmount"];
  deliveryFee: EventOrder["totalAmount"];
  totalAmount: EventOrder["totalAmount"];
  paymentReference: string | null;
  paymentDeadline: Date | null;
  multicaixaReference?: string | null;
  delivery?: DeliveryChoice | null;
  lines: OrderLineSummary[];
}

/** What a new order's mails need besides the order: its customer and the shop's settings. */
interface PlacementMailing {
  customer: EventOrder["user"];
  ctx: MailContext;
  staff: string[];
}

/**
 * The mails a new order causes (the shopper's confirmation with what to pay, and the staff alert), from the order
 * as stored. They keep the order as placed; they are rendered when sent.
 */
function orderPlacedMails(notifier: Notifier, { customer, ctx, staff }: PlacementMailing, order: PlacedOrder): NewMail[] {
  const mails: NewMail[] = [];
  const to = mailbox(customer);
  if (to) {
    // A card order is paid at Stripe, a pay-on-delivery one at the door: no bank details or references to show.
    const due = !paidByTransfer(order.paymentMethod)
      ? {}
      : paymentDue(notifier, ctx, order.totalAmount, { ...order, multicaixaReference: order.multicaixaReference ?? null });
    const facts = {
      orderId: order.id,
      customerName: customer.name,
      lines: order.lines.map(({ name, size, quantity, price }) => ({ name, size, quantity, price })),
      subtotal: order.subtotal,
      deliveryFee: order.deliveryFee,
      total: order.totalAmount,
      ...(order.delivery ? { delivery: order.delivery } : {}),
      ...due,
      ...couponOf(order),
    };
    mails.push(newMail({ kind: "order-placed", to, dedupeKey: `order-placed:${order.id}`, facts }));
  }
  const alert = {
    orderId: order.id,
    customerName: customer.name,
    total: order.totalAmount,
    paymentMethod: methodLabel(order.paymentMethod),
  };
  for (const address of staff)
    mails.push(newMail({ kind: "staff-new-order", to: address, dedupeKey: `staff-new-order:${order.id}:${address}`, facts: alert }));
  mails.push(
    ...phoneMessageRows(notifier.phoneChannels, customer, order.address.phone, "order-placed", {
      orderId: order.id,
      firstName: order.address.firstName,
      amount: order.totalAmount,
      ...(!paidByTransfer(order.paymentMethod)
        ? {}
        : phonePayment(notifier, ctx, order.totalAmount, { ...order, multicaixaReference: order.multicaixaReference ?? null })),
    }),
  );
  return mails;
}

/**
 * A new order's notices, in the caller's transaction (the order.placed subscriber's: server/subscribers/
 * placed-order-notices.ts): the shopper's confirmation with what to pay, the staff alert e-mails, the phone message;
 * returns the staff push for after the commit. Dedupe keys make a second write a no-op.
 */
export async function placedOrderNotices(tx: Db, notifier: Notifier, orderId: string): Promise<PushNotice | null> {
  const order = await orderEventsRepository(tx).placedOrder(orderId);
  if (!order) return null;
  const { ctx, staff } = await notifier.mailSettings(tx);
  const mails = orderPlacedMails(
    notifier,
    { customer: order.user, ctx, staff },
    { ...order, address: addressOf(order), delivery: storedDelivery(order.delivery) },
  );
  await outboxRepository(tx).insertMany(mails);
  return newOrderStaffPush({ id: order.id, customerName: order.user.name, total: order.totalAmount });
}

type OrderNotice =
  /** The shopper sent a proof of payment (staff are alerted too). */
  | { kind: "proof-received"; proofId: string }
  /** The order's total is covered (a payment recorded, a proof accepted, Multicaixa, Stripe, or staff's move). */
  | { kind: "payment-confirmed" }
  /** Staff (or the deadline) moved the order; only Enviado, Entregue and Cancelado are told by e-mail. */
  | { kind: "status"; status: string; reason?: string | null }
  /** Half the time to pay has passed. */
  | { kind: "payment-reminder" }
  /** Staff asked for an amount after the order (docs/product/payment-requests.md): its own reference and deadline. */
  | {
      kind: "payment-request";
      amount: number;
      reason: string;
      reference: string;
      multicaixaReference: string | null;
      expiresAt: string;
    };

/** Enqueues the e-mails of `notice` in the caller's transaction; returns the push to send after the commit, if any. */
export async function noticeOrder(tx: Db, notifier: Notifier, orderId: string, notice: OrderNotice): Promise<PushNotice | null> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return null;
  const { ctx, staff } = await notifier.mailSettings(tx);
  const ref = { orderId, customerName: order.user.name };
  const label = `#${shortOrderId(orderId)}`;
  const shopperMail = async (mail: Mail) => {
    const to = mailbox(order.user);
    if (to) await enqueueMail(tx, { ...mail, to });
  };

  switch (notice.kind) {
    case "proof-received":
      await shopperMail({ kind: "proof-received", facts: ref });
      await enqueueStaffAlert(tx, staff, {
        kind: "staff-new-proof",
        dedupeKey: `staff-new-proof:${notice.proofId}`,
        facts: { ...ref, amountDue: order.totalAmount.minus(order.amountPaid) },
      });
      return newProofStaffPush({ id: orderId, customerName: order.user.name, amountDue: order.totalAmount.minus(order.amountPaid) });
    case "payment-confirmed":
      await shopperMail({
        kind: "payment-confirmed",
        facts: { ...ref, amountPaid: order.amountPaid.isZero() ? order.totalAmount : order.amountPaid },
      });
      await enqueuePhone(tx, notifier, order, "payment-confirmed", {
        amount: order.amountPaid.isZero() ? order.totalAmount : order.amountPaid,
      });
      return pushTo(order.user, {
        title: "Pagamento confirmado",
        body: `Confirmámos o pagamento do pedido ${label}.`,
        url: "/orders",
        tag: `order-${orderId}`,
      });
    case "payment-reminder":
      await shopperMail({
        kind: "payment-reminder",
        facts: { ...ref, ...paymentDue(notifier, ctx, order.totalAmount.minus(order.amountPaid), order), ...couponOf(order) },
      });
      await enqueuePhone(
        tx,
        notifier,
        order,
        "payment-reminder",
        phonePayment(notifier, ctx, order.totalAmount.minus(order.amountPaid), order),
      );
      return null;
    case "payment-request": {
      const amount = new Prisma.Decimal(notice.amount);
      const asked = {
        paymentReference: notice.reference,
        paymentDeadline: new Date(notice.expiresAt),
        multicaixaReference: notice.multicaixaReference,
      };
      await shopperMail({ kind: "payment-request", facts: { ...ref, reason: notice.reason, ...paymentDue(notifier, ctx, amount, asked) } });
      await enqueuePhone(tx, notifier, order, "payment-request", { reason: notice.reason, ...phonePayment(notifier, ctx, amount, asked) });
      return pushTo(order.user, {
        title: "Pedido de pagamento",
        body: `${notice.reason}: ${formatKz(notice.amount)} no pedido ${label}.`,
        url: `/message/${orderId}`,
        tag: `order-${orderId}`,
      });
    }
    case "status":
      return statusNotice(tx, notifier, order, notice, shopperMail);
  }
}

async function statusNotice(
  tx: Db,
  notifier: Notifier,
  order: EventOrder,
  notice: { status: string; reason?: string | null },
  shopperMail: (mail: Mail) => Promise<void>,
): Promise<PushNotice | null> {
  const ref = { orderId: order.id, customerName: order.user.name };
  switch (notice.status) {
    case PAYMENT_CONFIRMED:
      return noticeOrder(tx, notifier, order.id, { kind: "payment-confirmed" });
    case SHIPPED: {
      // What staff said at dispatch (carrier, tracking, or where and until when to collect): lines of the mail,
      // parameters of the phone message.
      const shipment = storedShipment(order.shipment);
      await shopperMail({
        kind: "order-shipped",
        facts: { ...ref, ...(shipment ? { shipment: shipmentLines(shipment), pickup: Boolean(shipment.pickup) } : {}) },
      });
      await enqueuePhone(tx, notifier, order, "order-shipped", { shipment });
      return pushTo(order.user, {
        title: "Pedido enviado",
        body: `O seu pedido #${shortOrderId(order.id)} foi enviado.`,
        url: "/orders",
        tag: `order-${order.id}`,
      });
    }
    case DELIVERED:
      await shopperMail({ kind: "order-delivered", facts: ref });
      return null;
    case CANCELLED:
      await shopperMail({ kind: "order-cancelled", facts: { ...ref, reason: notice.reason?.trim() || "Cancelado pela loja" } });
      return null;
    default:
      return null;
  }
}

/**
 * A customer's message started a wait (the first one support had not read) and no staff member is online on any
 * instance (the caller asked Presence.staffOnline): the alert addresses are told, once per waiting conversation.
 */
export async function noticeMessageWaiting(
  tx: Db,
  notifier: Notifier,
  message: { orderId: string; messageId: string; userId: string; text: string | null; hasAttachment: boolean },
): Promise<PushNotice | null> {
  const customer = await orderEventsRepository(tx).customer(message.userId);
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-message-waiting",
    dedupeKey: `staff-message-waiting:${message.orderId}:${message.messageId}`,
    facts: { orderId: message.orderId, customerName: customer?.name ?? "", text: message.text, hasAttachment: message.hasAttachment },
  });
  return messageWaitingStaffPush({ orderId: message.orderId, customerName: customer?.name ?? "", text: message.text });
}

/** Staff are told by e-mail of money that reached a cancelled order (once per payment: `paymentId` names it). */
export async function noticePaymentOnCancelledOrder(
  tx: Db,
  notifier: Notifier,
  payment: { orderId: string; paymentId: string; amount: MoneyAmount; reference: string },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(payment.orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-payment-on-cancelled",
    dedupeKey: `staff-payment-on-cancelled:${payment.paymentId}`,
    facts: { orderId: payment.orderId, customerName: order.user.name, amount: payment.amount, reference: payment.reference },
  });
}

/** Money a closed payment request could not take was kept on its order: staff are alerted once per payment. */
export async function noticePaymentOnClosedRequest(
  tx: Db,
  notifier: Notifier,
  payment: { orderId: string; paymentId: string; amount: MoneyAmount; reference: string; why: string },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(payment.orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-payment-on-closed-request",
    dedupeKey: `staff-payment-on-closed-request:${payment.paymentId}`,
    facts: {
      orderId: payment.orderId,
      customerName: order.user.name,
      amount: payment.amount,
      reference: payment.reference,
      why: payment.why,
    },
  });
}

/** A Multicaixa payment matching no order (or unreadable) was kept: staff are alerted once per ProxyPay payment. */
export async function noticeUnmatchedMulticaixaPayment(
  tx: Db,
  notifier: Notifier,
  payment: { paymentId: string; reference: string | null; amount: MoneyAmount | null },
): Promise<void> {
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-multicaixa-unmatched",
    dedupeKey: `staff-multicaixa-unmatched:${payment.paymentId}`,
    facts: payment,
  });
}

/** A Multicaixa Express charge staff must look at (a mismatch, or unknown after a day): alerted once per charge. */
export async function noticeMcxExpressCharge(
  tx: Db,
  notifier: Notifier,
  charge: {
    orderId: string;
    chargeId: string;
    problem: "mismatch" | "unconfirmed";
    amount: MoneyAmount;
    gatewayAmount: MoneyAmount | null;
    gatewayId: string | null;
    phone: string;
  },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(charge.orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  const { chargeId, ...facts } = charge;
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-mcx-express-charge",
    dedupeKey: `staff-mcx-express-charge:${chargeId}`,
    facts: { ...facts, customerName: order.user.name },
  });
}

/** An order with money on it reached its deadline and was kept: staff are alerted once per order. */
export async function noticeDeadlineWithMoney(tx: Db, notifier: Notifier, orderId: string): Promise<void> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-deadline-with-money",
    dedupeKey: `staff-deadline-with-money:${orderId}`,
    facts: { orderId, customerName: order.user.name, paid: order.amountPaid, total: order.totalAmount },
  });
}

/** An order paid after its stock hold ended lacks units of these lines: staff are alerted once per order. */
export async function noticePaidWithoutStock(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  lines: readonly { name: string; size: string; quantity: number }[],
): Promise<void> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-paid-without-stock",
    dedupeKey: `staff-paid-without-stock:${orderId}`,
    facts: { orderId, customerName: order.user.name, lines: lines.map(({ name, size, quantity }) => ({ name, size, quantity })) },
  });
}

/** A support reply: a push now to the order's shopper (the e-mail waits for the digest, reply-digest.ts). */
export async function supportReplyPush(db: Db, orderId: string, text: string | null): Promise<PushNotice | null> {
  const customer = (await orderEventsRepository(db).order(orderId))?.user;
  if (!customer) return null;
  const body = text ? (text.length > 120 ? `${text.slice(0, 119)}…` : text) : "Enviou um anexo.";
  return pushTo(customer, {
    title: `Resposta sobre o pedido #${shortOrderId(orderId)}`,
    body,
    url: `/message/${orderId}`,
    tag: `chat-${orderId}`,
  });
}

/** The order's fiscal document was issued: the shopper's e-mail with its number, once per document. */
export async function noticeFiscalDocumentIssued(
  tx: Db,
  orderId: string,
  doc: { documentId: string; type: FiscalDocumentType; number: string | null },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(orderId);
  const to = order && mailbox(order.user);
  if (!to) return;
  await enqueueMail(tx, {
    kind: "fiscal-document-issued",
    to,
    dedupeKey: `fiscal-document-issued:${doc.documentId}`,
    facts: { orderId, customerName: order.user.name, type: doc.type, number: doc.number },
  });
}

/** A fiscal document still not issued after a day: the staff alert addresses are told, once per document. */
export async function noticeFiscalDocumentOverdue(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  doc: { documentId: string; type: FiscalDocumentType; status: string; lastError: string | null },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-fiscal-overdue",
    dedupeKey: `staff-fiscal-overdue:${doc.documentId}`,
    facts: { orderId, customerName: order.user.name, type: doc.type, status: doc.status, lastError: doc.lastError },
  });
}

/**
 * An admin changed where shoppers pay or reach the shop: the staff alert addresses and every active admin at their
 * own address are told, once per change (the event's id).
 */
export async function noticeShopDetailsChanged(
  tx: Db,
  notifier: Notifier,
  change: { eventId: bigint; by: string; fields: string[]; at: Date },
): Promise<void> {
  const guarded = change.fields.filter((f): f is keyof typeof GUARDED_FIELD_LABELS => f in GUARDED_FIELD_LABELS);
  if (guarded.length === 0) return;
  const { staff } = await notifier.mailSettings(tx);
  const admins = await orderEventsRepository(tx).activeAdminEmails();
  await enqueueStaffAlert(tx, [...new Set([...staff, ...admins.map((a) => a.toLowerCase())])], {
    kind: "staff-settings-changed",
    dedupeKey: `staff-settings-changed:${change.eventId}`,
    facts: { by: change.by, fields: guarded.map((f) => GUARDED_FIELD_LABELS[f]), bank: guarded.some(isBankField), at: change.at },
  });
}

/**
 * A step of the shopper's return or exchange (docs/product/returns.md#what-the-shopper-is-told): the e-mail and the
 * WhatsApp/SMS as they chose, once per return and status; returns the push for after the commit.
 */
export async function noticeReturnStep(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  step: { returnId: string; status: string; text: string },
): Promise<PushNotice | null> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return null;
  const to = mailbox(order.user);
  const key = `${step.returnId}:${step.status}`;
  if (to)
    await enqueueMail(tx, {
      kind: "return-update",
      to,
      dedupeKey: `return-update:${key}`,
      facts: { orderId, customerName: order.user.name, status: step.status, text: step.text },
    });
  const { phone, firstName } = addressOf(order);
  for (const row of phoneMessageRows(
    notifier.phoneChannels,
    order.user,
    phone,
    "return-update",
    { orderId, firstName, returnStep: step.text },
    key,
  ))
    await outboxRepository(tx).insert(row);
  return pushTo(order.user, { title: "Troca ou devolução", body: step.text, url: "/orders", tag: `return-${step.returnId}` });
}

/** A shopper asked for a return or an exchange: the staff alert addresses are told, once per request. */
export async function noticeReturnRequested(
  tx: Db,
  notifier: Notifier,
  orderId: string,
  request: { returnId: string; what: string; lines: string[] },
): Promise<void> {
  const order = await orderEventsRepository(tx).order(orderId);
  if (!order) return;
  const { staff } = await notifier.mailSettings(tx);
  await enqueueStaffAlert(tx, staff, {
    kind: "staff-return-requested",
    dedupeKey: `staff-return-requested:${request.returnId}`,
    facts: { orderId, customerName: order.user.name, ...request },
  });
}
