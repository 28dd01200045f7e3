// Proofs of payment (issue 11): the shopper sends a receipt (image or PDF) for a bank-transfer order awaiting
// payment; it is kept with the chat message that shows it to support, and a PDF's text layer is read for hints
// (amount and IBAN, matching or not). Staff accept it (recording the payment) or refuse it with a reason the
// shopper sees.
import { readFile } from "node:fs/promises";
import type { Db, PrismaClient } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";
import { AWAITING_PAYMENT } from "../../../shared/orders.ts";
import { ATTACHMENT_TYPES } from "../../../shared/chat.ts";
import { proofHints, readProof } from "../../payments/proof-reader.ts";
import { normalizeIban } from "../../payments/iban.ts";
import type { ChatPublisher } from "../../realtime/events.ts";
import type { ShopProof } from "../../schemas/orders.ts";
import { postShopMessage, sendClientMessage, type ChatFile } from "../chat/service.ts";
import { AppError } from "../errors.ts";
import { sniffType } from "../media/sniff.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { ORDER_NOT_FOUND, STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { addPayment, checkPayment, type PaymentInput } from "./payments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { settingsRepository } from "../settings/repository.ts";
import { usersRepository } from "../users/repository.ts";
import { paymentsRepository } from "./repository.ts";
import { toShopProof } from "../orders/service.ts";
import { paymentRecordedText, proofAcceptedText, proofRefusedText } from "../orders/shop-messages.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { noticeOrder } from "../../notifications/order-notices.ts";

export const NOT_AWAITING_PAYMENT = "Este pedido já não aguarda pagamento";
export const PROOF_MESSAGE_TEXT = "Comprovativo de pagamento";
export const PROOF_NOT_FOUND = "Comprovativo não encontrado";
export const PROOF_DECIDED = "Este comprovativo já foi decidido";

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

/** The shopper sends a proof for their own bank-transfer order that still awaits payment. */
export async function submitProof(
  db: PrismaClient,
  hub: ChatPublisher,
  input: { userId: string; orderId: string; file: ChatFile | null },
  notifier?: Notifier,
): Promise<ShopProof> {
  const repo = paymentsRepository(db);
  const order = await repo.findProofTarget(input.orderId, input.userId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  if (order.paymentMethod !== "cod" || order.status !== AWAITING_PAYMENT) throw new AppError(409, NOT_AWAITING_PAYMENT);
  if (!input.file) throw new AppError(400, "Anexe o comprovativo (imagem ou PDF)");
  const due = order.totalAmount.minus(order.amountPaid).toNumber();
  const hints = await hintsFor(input.file.upload, due, await settingsRepository(db).iban());
  let proofId = "";
  await sendClientMessage(
    db,
    hub,
    { orderId: order.id, userId: input.userId, text: PROOF_MESSAGE_TEXT, file: input.file },
    async (tx, mediaId) => {
      proofId = (await paymentsRepository(tx).insertProof({ orderId: order.id, mediaId: mediaId!, hints })).id;
      if (notifier) await noticeOrder(tx, notifier, order.id, { kind: "proof-received", proofId });
    },
  );
  notifier?.committed();
  const proof = await repo.findShopProof(proofId);
  return toShopProof(proof!);
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

/** Staff accept a proof: the payment it shows is recorded (as POST …/payments) and the proof marked accepted, together. */
export async function acceptProof(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  input: PaymentInput & { orderId: string; proofId: string; staffUserId: string },
  notifier?: Notifier,
): Promise<void> {
  const payment = checkPayment(input);
  await pendingProof(db, input.orderId, input.proofId);
  const actor = (await usersRepository(db).nameOf(input.staffUserId)) ?? "Equipa da loja";
  const recorded = await db.$transaction(async (tx) => {
    if (!(await paymentsRepository(tx).decideProof(input.proofId, { status: "accepted", reason: null, decidedById: input.staffUserId })))
      throw new AppError(409, PROOF_DECIDED);
    return addPayment(tx, input.orderId, payment, { staffUserId: input.staffUserId, actor }, notifier);
  });
  notifier?.committed([recorded.push]);
  await postShopMessage(
    db,
    hub,
    input.orderId,
    `${proofAcceptedText} ${paymentRecordedText(recorded.amount, recorded.bankReference, recorded.remaining)}`,
  );
}

/** Staff refuse a proof with a reason the shopper reads (orders page and chat). */
export async function refuseProof(
  db: PrismaClient,
  hub: ChatPublisher | undefined,
  input: { orderId: string; proofId: string; staffUserId: string; reason: string },
): Promise<void> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw new AppError(400, "Indique o motivo da recusa (pelo menos 3 caracteres)");
  await pendingProof(db, input.orderId, input.proofId);
  if (!(await paymentsRepository(db).decideProof(input.proofId, { status: "refused", reason, decidedById: input.staffUserId })))
    throw new AppError(409, PROOF_DECIDED);
  await postShopMessage(db, hub, input.orderId, proofRefusedText(reason));
}
