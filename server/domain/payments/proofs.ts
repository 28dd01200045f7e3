// Proofs of payment (docs/product/orders.md#proofs-of-payment): the shopper sends a receipt (image or PDF) for a bank-transfer order awaiting payment; it
// is kept with the chat message that shows it to support, and a PDF's text layer is read for hints (amount and
// IBAN, matching or not). Staff accept it by linking it to the payment it shows, or refuse it with a reason the
// shopper sees; an order paid meanwhile closes its pending proofs.
import { readFile } from "node:fs/promises";
import type { Db, PrismaClient } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT, BANK_TRANSFER } from "../../../shared/orders.ts";
import { ATTACHMENT_TYPES } from "../../../shared/chat.ts";
import { proofHints, readProof } from "../../readers/proof-reader.ts";
import { normalizeIban } from "./iban.ts";
import type { ShopProof } from "../../schemas/orders.ts";
import { sendClientMessage, type ChatFile, type PostedMessage } from "../chat/service.ts";
import { AppError } from "../errors.ts";
import { sniffType } from "../media/sniff.ts";
import { assertUploadQuota } from "../media/quota.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { ORDER_NOT_FOUND, STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { addPayment, checkDuplicateOverride, checkPayment, staffActor, staffConfirmation, type PaymentInput } from "./payments.ts";
import type { StaffRole } from "../../../shared/payments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { settingsRepository } from "../settings/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { toShopProof } from "../orders/service.ts";
import { proofAcceptedText } from "../orders/shop-messages.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";

const NOT_AWAITING_PAYMENT = "Este pedido já não aguarda pagamento";
const PROOF_MESSAGE_TEXT = "Comprovativo de pagamento";
const PROOF_NOT_FOUND = "Comprovativo não encontrado";
const PROOF_DECIDED = "Este comprovativo já foi decidido";

/** A PDF with a text layer gives hints; an image, a scan or an unreadable PDF gives none. */
async function hintsFor(file: IncomingFile, expectedAmount: number, shopIban: string | null): Promise<Prisma.InputJsonValue | null> {
  if ((await sniffType(file.head, ATTACHMENT_TYPES)) !== "application/pdf") return null;
  const reading = await readProof(await readFile(file.path));
  if (!reading.text.trim()) return null;
  const h = proofHints(reading, { expectedAmount, shopIban });
  // What staff are shown: the matching amount/IBAN when there is one, else the first one read.
  const amountFound = h.amounts.find((a) => Math.abs(a - expectedAmount) < 0.005) ?? h.amounts[0] ?? null;
  const ibanFound = (h.ibanMatches && shopIban ? normalizeIban(shopIban) : h.ibans[0]) ?? null;
  return { amounts: h.amounts, ibans: h.ibans, amountFound, amountMatches: h.amountMatches, ibanFound, ibanMatches: h.ibanMatches };
}

/**
 * The shopper sends a proof for their own bank-transfer order that still awaits payment: the proof and its chat
 * message (for the caller to publish live), with `proof.received` (the shopper's and staff's notices).
 */
export async function submitProof(
  db: PrismaClient,
  input: { userId: string; orderId: string; file: ChatFile | null },
): Promise<{ proof: ShopProof; posted: PostedMessage }> {
  const repo = paymentsRepository(db);
  const order = await repo.findProofTarget(input.orderId, input.userId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  if (order.paymentMethod !== BANK_TRANSFER || order.status !== AWAITING_PAYMENT) throw new AppError(409, NOT_AWAITING_PAYMENT);
  if (!input.file) throw new AppError(400, "Anexe o comprovativo (imagem ou PDF)");
  // Before the (costly) reading of hints: a shopper over quota gets no work done.
  await assertUploadQuota(db, { userId: input.userId, orderId: order.id, size: input.file.upload.size });
  const due = order.totalAmount.minus(order.amountPaid).toNumber();
  const hints = await hintsFor(input.file.upload, due, (await settingsRepository(db).get())?.iban ?? null);
  let proofId = "";
  const posted = await sendClientMessage(
    db,
    { orderId: order.id, userId: input.userId, text: PROOF_MESSAGE_TEXT, file: input.file, proof: true },
    async (tx, mediaId) => {
      proofId = (await paymentsRepository(tx).insertProof({ orderId: order.id, mediaId: mediaId!, hints })).id;
      await emitEvents(tx, orderEvent("proof.received", order.id, { proofId }));
    },
  );
  const proof = await repo.findShopProof(proofId);
  return { proof: toShopProof(proof!), posted };
}

async function pendingProof(db: Db, orderId: string, proofId: string) {
  const proof = await paymentsRepository(db).findProofOf(orderId, proofId);
  if (!proof) {
    if (!(await ordersRepository(db).findStatus(orderId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
    throw new AppError(404, PROOF_NOT_FOUND);
  }
  if (proof.status !== "pending") throw new AppError(409, PROOF_DECIDED);
  return proof;
}

const PROOF_NEEDS_PAYMENT = "Indique o pagamento que este comprovativo mostra: escolha um já registado ou registe-o";
const PAYMENT_NOT_FOUND = "Pagamento não encontrado neste pedido";

/**
 * Staff accept a proof by linking it to the payment it shows: one already recorded on the order (`paymentId`),
 * or a new one recorded with it under the ledger's rules (support's "por confirmar" until the statement or an
 * admin confirms it: a proof is the shopper's word, not the bank's). Accepting never adds money by itself, and
 * the shopper is told of a payment once (a proof linked to a payment already announced only says it was accepted).
 */
export async function acceptProof(
  db: PrismaClient,
  input: Partial<PaymentInput> & { orderId: string; proofId: string; staffUserId: string; role: StaffRole; paymentId?: string },
): Promise<void> {
  const isNew = input.paymentId === undefined;
  if (isNew && (input.amount === undefined || input.bankReference === undefined)) throw new AppError(400, PROOF_NEEDS_PAYMENT);
  const payment = isNew ? checkPayment(input as PaymentInput) : null;
  if (payment) checkDuplicateOverride(payment, input.role);
  await pendingProof(db, input.orderId, input.proofId);
  const actor = await staffActor(db, input.staffUserId);
  await db.$transaction(async (tx) => {
    const payments = paymentsRepository(tx);
    // Support's payment waits for the bank ("por confirmar"); an admin's counts at once.
    const confirmation = staffConfirmation(input.role, input.staffUserId);
    const added = payment
      ? await addPayment(tx, input.orderId, payment, { staffUserId: input.staffUserId, actor, confirmation }, proofAcceptedText)
      : null;
    const paymentId = added?.paymentId ?? (await payments.findPaymentOf(input.orderId, input.paymentId!))?.id;
    if (!paymentId) throw new AppError(404, PAYMENT_NOT_FOUND);
    // A proof the payment just closed (it covered the order) is accepted all the same: it shows that payment.
    const decided = await payments.decideProof(
      input.proofId,
      { status: "accepted", reason: null, decidedById: input.staffUserId, paymentId },
      { alsoClosed: Boolean(added?.confirmed) },
    );
    if (!decided) throw new AppError(409, PROOF_DECIDED);
    // A new payment's line says the proof was accepted (payment.recorded's lead); otherwise the decision says it.
    await emitEvents(
      tx,
      orderEvent("proof.decided", input.orderId, { proofId: input.proofId, accepted: true, reason: null, withPayment: Boolean(added) }),
    );
  });
}

/** Staff refuse a proof with a reason the shopper reads (orders page and chat). */
export async function refuseProof(
  db: PrismaClient,
  input: { orderId: string; proofId: string; staffUserId: string; reason: string },
): Promise<void> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw new AppError(400, "Indique o motivo da recusa (pelo menos 3 caracteres)");
  await pendingProof(db, input.orderId, input.proofId);
  await db.$transaction(async (tx) => {
    if (!(await paymentsRepository(tx).decideProof(input.proofId, { status: "refused", reason, decidedById: input.staffUserId })))
      throw new AppError(409, PROOF_DECIDED);
    await emitEvents(
      tx,
      orderEvent("proof.decided", input.orderId, { proofId: input.proofId, accepted: false, reason, withPayment: false }),
    );
  });
}
