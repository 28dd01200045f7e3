// Fiscal documents (docs/design/fiscal-documents.md): the shop asks its certified provider (FISCAL_PROVIDER) for one
// FR per paid order and per paid payment request, and for a refund's NCs (one per FR it credits), exactly once, and
// keeps what comes back; an admin attaches the ones issued in the AGT portal when there is no provider.
//
// The entry points the reactions to `order.paid`, `payment_request.paid` and `refund.recorded` call are
// requestInvoiceForPaidOrder, requestInvoiceForPaidRequest and requestCreditNotesForRefund: idempotent (a row per
// order / request / refund and FR, claimed by one sender at a time), safe to call
// twice and from two instances at once. The job in server/jobs/fiscal-documents.ts calls the same ones for what is
// missing, retries the provider's failures with back-off, and asks the provider about documents whose webhook never came.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AppyPayError } from "../../integrations/appypay/client.ts";
import type { FiscalDocumentRequest, FiscalProvider, ProviderDocument } from "../../integrations/appypay/fiscal-documents.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { newOrderId } from "../orders/ids.ts";
import { STAFF_ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { mediaUrl, storeBytes } from "../media/service.ts";
import type { MediaStore } from "../media/store.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { sniffType } from "../media/sniff.ts";
import { sanitizeFileName } from "../media/file-name.ts";
import { mediaRepository } from "../media/repository.ts";
import { randomBytes } from "node:crypto";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { fiscalRepository, type FiscalDocumentRow, type OrderFiscalDocumentRow } from "./repository.ts";
import { checkNif, INVALID_NIF } from "../../../shared/nif.ts";
import { creditNoteRequest, customerOf, invoiceRequest, requestInvoiceRequest } from "./rules.ts";
import {
  FISCAL_DOCUMENT_TYPES,
  FISCAL_OVERDUE_HOURS,
  isVatRegime,
  MAX_FISCAL_PDF_BYTES,
  type VatRegime,
  type FiscalDocumentStatus,
  type FiscalDocumentType,
} from "../../../shared/fiscal.ts";

/** What the fiscal work needs of the app's deps (AppDeps has all three: pass app.deps). */
export interface FiscalDeps {
  db: { prisma: PrismaClient };
  media: MediaStore;
  /** The configured provider; undefined: nothing is asked, admins attach documents by hand. */
  fiscal: FiscalProvider | undefined;
}

/** A sender holds a document this long at most (the provider's timeout is 15 s): then another may try. */
const CLAIM_MS = 2 * 60_000;
/** Back-off after a provider failure: 30 s, doubled each time, at most an hour; given up after a day or so. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
export const MAX_SEND_ATTEMPTS = 24;
/** An NC waits this long between looks at its FR while the FR is not issued yet. */
const WAIT_FOR_INVOICE_MS = 60_000;

export const retryDelayMs = (attempts: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

const regimeOf = (value: string): VatRegime => (isVatRegime(value) ? value : "geral");

/** A provider failure that may pass (no answer, 5xx, 429, 408, a token refused): tried again later. */
function retryable(error: unknown): boolean {
  if (!(error instanceof AppyPayError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408 || error.status === 401;
}
const errorText = (error: unknown): string =>
  error instanceof AppyPayError ? (error.providerMessage ? `${error.message}: ${error.providerMessage}` : error.message) : String(error);

/**
 * One FR for a paid order (money recorded covers its total), exactly once: the row is written once per order, and
 * one caller at a time sends it. Does nothing without a provider, for an order not paid by money, or when the order
 * already has its FR (then it only sends it if it is due). Its amount is the order's goods and delivery (its total
 * less what paid payment requests added: each has an FR of its own). Answers the order's FR, or null.
 */
export async function requestInvoiceForPaidOrder(deps: FiscalDeps, orderId: string): Promise<FiscalDocumentRow | null> {
  if (!deps.fiscal) return null;
  const repo = fiscalRepository(deps.db.prisma);
  const order = await repo.orderForInvoice(orderId);
  if (!order || !order.paid || order.totalAmount.lte(0) || order.amountPaid.lessThan(order.totalAmount)) return null;
  await repo.insertInvoice({
    id: newOrderId(),
    orderId,
    customerTaxID: customerOf(order).customerTaxID,
    amount: order.totalAmount.minus(order.extras),
  });
  const document = await repo.activeDocument({ orderId, type: "FR" });
  if (!document) return null;
  await sendDocument(deps, document.id);
  return repo.byId(document.id);
}

/**
 * One FR for a paid payment request, exactly once (a row per request, one sender at a time), whenever it was paid:
 * the money it brought is invoiced apart from the order's goods (docs/design/fiscal-documents.md#payment-requests).
 * Nothing without a provider or for a request that is not paid. Answers the request's FR, or null.
 */
export async function requestInvoiceForPaidRequest(deps: FiscalDeps, requestId: string): Promise<FiscalDocumentRow | null> {
  if (!deps.fiscal) return null;
  const repo = fiscalRepository(deps.db.prisma);
  const request = await repo.paidRequest(requestId);
  const order = request ? await repo.orderForInvoice(request.orderId) : null;
  if (!request || !order) return null;
  await repo.insertInvoice({
    id: newOrderId(),
    orderId: order.id,
    paymentRequestId: request.id,
    customerTaxID: customerOf(order).customerTaxID,
    amount: request.amount,
  });
  const document = await repo.activeDocument({ paymentRequestId: request.id, type: "FR" });
  if (!document) return null;
  await sendDocument(deps, document.id);
  return repo.byId(document.id);
}

/**
 * The NCs of a refund, exactly once each: one per share of it (docs/design/money.md#refund-shares) whose money has an
 * FR from the provider, crediting that FR (the order's own, or a paid request's) for the share, at most what the FR
 * invoiced less what other refunds' NCs credited against it (docs/design/fiscal-documents.md#credit-notes). A share
 * whose money has no FR from the provider (paid before it was configured, never wholly paid, or rejected: staff attach
 * one) gets none. While an FR is not issued its NC waits (the job sends it once the FR has its number). Answers the
 * refund's NCs.
 */
export async function requestCreditNotesForRefund(deps: FiscalDeps, refundId: string): Promise<FiscalDocumentRow[]> {
  if (!deps.fiscal) return [];
  const db = deps.db.prisma;
  const repo = fiscalRepository(db);
  const refund = await repo.refund(refundId);
  if (!refund) return [];
  const notes: FiscalDocumentRow[] = [];
  for (const share of await repo.refundShares(refundId)) {
    const paymentRequestId = share.paymentRequestId;
    const invoice = paymentRequestId
      ? await repo.activeDocument({ paymentRequestId, type: "FR" })
      : await repo.activeDocument({ orderId: refund.orderId, type: "FR" });
    if (!invoice) continue;
    await db.$transaction((tx) =>
      fiscalRepository(tx).insertCreditNote({
        id: newOrderId(),
        orderId: refund.orderId,
        refundId,
        paymentRequestId,
        customerTaxID: invoice.customerTaxID,
        share: share.amount,
        invoiceId: invoice.id,
      }),
    );
    const note = await repo.activeDocument({ refundId, paymentRequestId, type: "NC" });
    if (!note) continue;
    await sendDocument(deps, note.id);
    notes.push((await repo.byId(note.id))!);
  }
  return notes;
}

/** The body of a document, built when it is first sent and then kept (a retry sends the same). Null: not yet (an NC without its FR's number). */
async function buildRequest(db: PrismaClient, document: FiscalDocumentRow, at: Date): Promise<FiscalDocumentRequest | null> {
  const repo = fiscalRepository(db);
  const order = await repo.orderForInvoice(document.orderId);
  if (!order) throw new Error(`fiscal document ${document.id}: order ${document.orderId} is gone`);
  const regime = regimeOf(await repo.vatRegime());
  if (document.type === "FR" && document.paymentRequestId) {
    const request = await repo.paidRequest(document.paymentRequestId);
    if (!request) throw new Error(`fiscal document ${document.id}: request ${document.paymentRequestId} is not paid`);
    return requestInvoiceRequest(order, { amount: request.amount.toNumber(), reason: request.reason }, regime, at);
  }
  if (document.type === "FR")
    return invoiceRequest(
      {
        id: order.id,
        nif: order.nif,
        address: order.address,
        delivery: order.delivery,
        deliveryFee: order.deliveryFee.toNumber(),
        discount: order.discount.toNumber(),
        totalAmount: order.totalAmount.toNumber(),
        lines: order.lines.map((l) => ({ ...l, price: l.price.toNumber() })),
      },
      regime,
      at,
    );
  // An NC credits the FR of the money its share gave back (the order's own, or a request's), for its own amount.
  const invoice = document.paymentRequestId
    ? await repo.activeDocument({ paymentRequestId: document.paymentRequestId, type: "FR" })
    : await repo.activeDocument({ orderId: order.id, type: "FR" });
  if (!invoice?.number || invoice.status !== "issued") return null;
  const refund = document.refundId ? await repo.refund(document.refundId) : null;
  if (!refund) throw new Error(`fiscal document ${document.id}: refund is gone`);
  return creditNoteRequest(order, { amount: document.amount.toNumber(), note: refund.note }, invoice.number, regime, at);
}

/**
 * Sends a document to the provider if it is due and nobody else is sending it: on 202 its provider id is kept (the
 * result comes by webhook, or the poll); on a failure that may pass it is tried again after the back-off, and given
 * up ("failed", for staff) after MAX_SEND_ATTEMPTS or on a refusal that will not pass (a 4xx).
 */
export async function sendDocument(deps: FiscalDeps, id: string, now = new Date()): Promise<void> {
  const provider = deps.fiscal;
  if (!provider) return;
  const repo = fiscalRepository(deps.db.prisma);
  if (!(await repo.claimToSend(id, now, CLAIM_MS))) return;
  const document = (await repo.byId(id))!;
  let request = document.request as FiscalDocumentRequest | null;
  if (!request) {
    request = await buildRequest(deps.db.prisma, document, now);
    if (!request) {
      await repo.release(id, new Date(now.getTime() + WAIT_FOR_INVOICE_MS));
      return;
    }
    await repo.saveRequest(id, request as unknown as Prisma.InputJsonValue);
  }
  try {
    const { id: providerId } = await provider.create(request);
    await repo.markRequested(id, providerId, new Date());
  } catch (error) {
    const giveUp = !retryable(error) || document.attempts >= MAX_SEND_ATTEMPTS;
    await repo.markSendFailed(
      id,
      errorText(error),
      giveUp ? "failed" : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(document.attempts)) },
    );
  }
}

/** Keeps an issued document's PDF and QR code in the media store (private attachments: the URL is the capability). */
async function keepFiles(deps: FiscalDeps, doc: ProviderDocument): Promise<{ mediaId: string | null; qrMediaId: string | null }> {
  const db = deps.db.prisma;
  const base = sanitizeFileName(`${doc.number ?? "documento"}.pdf`.replace(/[/\\]/g, "-")) ?? "documento.pdf";
  const pdf =
    doc.pdf && (await sniffType(doc.pdf, ["application/pdf"]))
      ? await storeBytes(db, deps.media, doc.pdf, { mimeType: "application/pdf", kind: "attachment", fileName: base })
      : null;
  const qr =
    doc.qr && (await sniffType(doc.qr, ["image/png"]))
      ? await storeBytes(db, deps.media, doc.qr, { mimeType: "image/png", kind: "attachment", fileName: base.replace(/\.pdf$/, "-qr.png") })
      : null;
  return { mediaId: pdf?.id ?? null, qrMediaId: qr?.id ?? null };
}

/**
 * Asks the provider where a document it accepted stands and moves it on (issued with its number and files, or
 * rejected with the reason); a webhook only ever triggers this: its body is never believed.
 */
export async function checkDocument(deps: FiscalDeps, id: string, now = new Date()): Promise<FiscalDocumentStatus | null> {
  const provider = deps.fiscal;
  const repo = fiscalRepository(deps.db.prisma);
  const document = await repo.byId(id);
  if (!provider || !document?.providerId || document.status !== "pending")
    return document ? (document.status as FiscalDocumentStatus) : null;
  const found = await provider.get(document.providerId);
  if (!found || found.state === "pending") {
    await repo.markChecked(id, now);
    return "pending";
  }
  if (found.state === "rejected") {
    await repo.markResult(id, { status: "rejected", reason: found.reason });
    return "rejected";
  }
  const files = await keepFiles(deps, found);
  await deps.db.prisma.$transaction(async (tx) => {
    if (await fiscalRepository(tx).markResult(id, { status: "issued", number: found.number, ...files, at: now }))
      await emitEvents(tx, issuedEvent({ ...document, number: found.number }));
  });
  return "issued";
}

/** The provider ids a webhook body may name (its fiscal payload is not spelled out in the reference). */
function idsIn(body: unknown): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 3) return;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if ((key === "id" || key === "documentId" || key === "fiscalDocumentId") && typeof v === "string" && v.length <= 100) ids.add(v);
      else if (typeof v === "object") visit(v, depth + 1);
    }
  };
  visit(body, 0);
  return [...ids];
}

/** The provider's webhook, once authenticated: each document it names that is ours is fetched again and moved on. */
export async function onProviderWebhook(deps: FiscalDeps, body: unknown): Promise<number> {
  const repo = fiscalRepository(deps.db.prisma);
  let known = 0;
  for (const providerId of idsIn(body).slice(0, 10)) {
    const document = await repo.byProviderId(providerId);
    if (!document) continue;
    known++;
    await checkDocument(deps, document.id);
  }
  return known;
}

export interface FiscalRoundResult {
  requested: number;
  sent: number;
  checked: number;
}

const BATCH = 20;

/**
 * One round of the durable path (the job): FRs for paid orders and NCs for refunds without them (since the provider
 * was configured), documents due to be sent (first time or after a failure's back-off), and documents accepted but
 * still pending after `checkAfterMs` (a webhook lost) asked of the provider.
 */
export async function fiscalRound(
  deps: FiscalDeps,
  opts: { checkAfterMs: number; now?: Date },
): Promise<FiscalRoundResult & { more: boolean }> {
  const result = { requested: 0, sent: 0, checked: 0, more: false };
  const provider = deps.fiscal;
  if (!provider) return result;
  const now = opts.now ?? new Date();
  const repo = fiscalRepository(deps.db.prisma);
  const since = await repo.providerSince(provider.name);
  const orders = await repo.paidWithoutInvoice(since, BATCH);
  for (const orderId of orders) if (await requestInvoiceForPaidOrder(deps, orderId)) result.requested++;
  const requests = await repo.paidRequestsWithoutInvoice(since, BATCH);
  for (const requestId of requests) if (await requestInvoiceForPaidRequest(deps, requestId)) result.requested++;
  const refunds = await repo.refundsWithoutCreditNote(since, BATCH);
  for (const refundId of refunds) result.requested += (await requestCreditNotesForRefund(deps, refundId)).length;
  const due = await repo.dueToSend(now, BATCH);
  for (const id of due) {
    await sendDocument(deps, id, now);
    result.sent++;
  }
  const pending = await repo.dueToCheck(new Date(now.getTime() - opts.checkAfterMs), BATCH);
  for (const { id } of pending) {
    try {
      await checkDocument(deps, id, now);
    } catch {
      // The provider is down: asked again at a later round.
      await repo.markChecked(id, now);
    }
    result.checked++;
  }
  const overdue = await alertOverdue(deps.db.prisma, now);
  result.more =
    orders.length === BATCH || requests.length === BATCH || refunds.length === BATCH || pending.length === BATCH || overdue === BATCH;
  return result;
}

const issuedEvent = (doc: { id: string; orderId: string; type: string; number: string | null }) =>
  orderEvent("fiscal.document_issued", doc.orderId, { documentId: doc.id, type: doc.type as FiscalDocumentType, number: doc.number });

/**
 * Documents still not issued FISCAL_OVERDUE_HOURS after they were asked for are told to staff, each once: marked in
 * the transaction that writes the event (two instances' rounds cannot both mark one). Answers how many.
 */
async function alertOverdue(db: PrismaClient, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const overdue = await fiscalRepository(tx).markOverdueAlerted(new Date(now.getTime() - FISCAL_OVERDUE_HOURS * 3_600_000), now, BATCH);
    await emitEvents(
      tx,
      ...overdue.map((d) =>
        orderEvent("fiscal.document_overdue", d.orderId, {
          documentId: d.id,
          type: d.type as FiscalDocumentType,
          status: d.status,
          lastError: d.lastError,
        }),
      ),
    );
    return overdue.length;
  });
}

/** A document as the shopper's and the staff's order show it. */
export interface FiscalDocumentView {
  id: string;
  type: FiscalDocumentType;
  status: FiscalDocumentStatus;
  number: string | null;
  /** The PDF (/media/…), once issued or attached. */
  url: string | null;
}

export interface StaffFiscalDocument extends FiscalDocumentView {
  orderId: string;
  source: "provider" | "manual";
  customerTaxID: string;
  amount: number;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  issuedAt: string | null;
  /** Still not issued FISCAL_OVERDUE_HOURS after it was asked for. */
  overdue: boolean;
}

export const toView = (row: OrderFiscalDocumentRow): FiscalDocumentView => ({
  id: row.id,
  type: row.type as FiscalDocumentType,
  status: row.status as FiscalDocumentStatus,
  number: row.number,
  url: row.media ? mediaUrl(row.media.publicId) : null,
});

export const toStaffView = (row: FiscalDocumentRow, now = Date.now()): StaffFiscalDocument => ({
  ...toView(row),
  orderId: row.orderId,
  source: row.source as "provider" | "manual",
  customerTaxID: row.customerTaxID,
  amount: row.amount.toNumber(),
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  issuedAt: row.issuedAt?.toISOString() ?? null,
  overdue: (row.status === "pending" || row.status === "failed") && now - row.createdAt.getTime() > FISCAL_OVERDUE_HOURS * 3_600_000,
});

/** The documents of these orders, by order (oldest first). */
export async function fiscalDocumentsOf(db: PrismaClient, orderIds: string[]): Promise<Map<string, FiscalDocumentRow[]>> {
  const byOrder = new Map<string, FiscalDocumentRow[]>();
  if (orderIds.length === 0) return byOrder;
  for (const row of await fiscalRepository(db).ofOrders(orderIds)) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The console's "Documentos fiscais": newest first, by state or order. */
export const FISCAL_LIST = {
  filters: { status: "string", orderId: "string" },
  sortable: ["createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ status: "string"; orderId: "string" }>;

export async function listFiscalDocuments(
  db: PrismaClient,
  query: ListQuery<{ status?: string; orderId?: string }>,
): Promise<ListPage<StaffFiscalDocument>> {
  const { rows, total } = await fiscalRepository(db).list(query.filter, { skip: query.offset, take: query.limit }, query.sort.order);
  const now = Date.now();
  return { rows: rows.map((r) => toStaffView(r, now)), total };
}

const NOT_RETRYABLE = "Só um documento que falhou ou foi rejeitado pode ser pedido de novo";
export const FISCAL_DOCUMENT_NOT_FOUND = "Documento fiscal não encontrado";
export const NO_FISCAL_PROVIDER =
  "Nenhum emissor de documentos fiscais configurado (FISCAL_PROVIDER): anexe o documento emitido no portal da AGT";

/**
 * Staff "Tentar de novo": a failed document is sent again from the start; a rejected one is followed by a corrected
 * one (documentStatus C naming the rejected number), built from the order as it is now.
 */
export async function retryFiscalDocument(deps: FiscalDeps, id: string): Promise<StaffFiscalDocument> {
  const repo = fiscalRepository(deps.db.prisma);
  const document = await repo.byId(id);
  if (!document) throw new AppError(404, FISCAL_DOCUMENT_NOT_FOUND);
  if (!deps.fiscal) throw new AppError(409, NO_FISCAL_PROVIDER);
  if (document.source !== "provider" || (document.status !== "failed" && document.status !== "rejected"))
    throw new AppError(409, NOT_RETRYABLE);
  let target = id;
  if (document.status === "failed") {
    if (!(await repo.resetFailed(id))) throw new AppError(409, NOT_RETRYABLE);
  } else {
    const request = await buildRequest(deps.db.prisma, document, new Date());
    if (!request) throw new AppError(409, "A nota de crédito espera pela emissão da fatura-recibo a que se refere");
    if (document.number) Object.assign(request, { documentStatus: "C", rejectedDocumentNo: document.number });
    target = newOrderId();
    const written = await repo.insertCorrection({
      id: target,
      orderId: document.orderId,
      refundId: document.refundId,
      paymentRequestId: document.paymentRequestId,
      type: document.type as "FR" | "NC",
      customerTaxID: request.customerTaxID,
      amount: document.amount,
      request: request as unknown as Prisma.InputJsonValue,
    });
    if (!written) throw new AppError(409, "Já há um documento por emitir para este pedido");
  }
  await sendDocument(deps, target);
  return toStaffView((await repo.byId(target))!);
}

/**
 * An admin attaches a document issued elsewhere (the AGT portal): its type, number and PDF (sniffed, at most 10 MB).
 * Works with or without a provider.
 */
export async function attachFiscalDocument(
  deps: Pick<FiscalDeps, "db" | "media">,
  input: { orderId: string; type: string | undefined; number: string | undefined; file: IncomingFile | undefined; staffUserId: string },
): Promise<StaffFiscalDocument> {
  const db = deps.db.prisma;
  const repo = fiscalRepository(db);
  const order = await repo.orderForInvoice(input.orderId);
  if (!order) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const type = input.type?.trim().toUpperCase();
  if (!type || !(FISCAL_DOCUMENT_TYPES as readonly string[]).includes(type))
    throw new AppError(400, "Indique o tipo do documento: FR (fatura-recibo) ou NC (nota de crédito)");
  const number = input.number?.trim() ?? "";
  if (!number || number.length > 60 || /[\u0000-\u001f\u007f]/.test(number))
    throw new AppError(400, "Indique o número do documento como o portal da AGT o mostra (até 60 caracteres)");
  const file = input.file;
  if (!file) throw new AppError(400, "Anexe o PDF do documento");
  if (file.size === 0) throw new AppError(400, "O ficheiro está vazio");
  if (file.size > MAX_FISCAL_PDF_BYTES) throw new AppError(413, "O PDF excede 10 MB");
  if ((await sniffType(file.head, ["application/pdf"])) !== "application/pdf")
    throw new AppError(415, "O documento fiscal tem de ser um PDF");
  await deps.media.putFile(file.path, file.sha256, file.size);
  const media = await mediaRepository(db).create({
    publicId: randomBytes(16).toString("base64url"),
    mimeType: "application/pdf",
    size: file.size,
    sha256: file.sha256,
    kind: "attachment",
    fileName: sanitizeFileName(file.fileName) ?? `${number}.pdf`,
  });
  const row = await db.$transaction(async (tx) => {
    const attached = await fiscalRepository(tx).insertManual({
      orderId: order.id,
      type: type as FiscalDocumentType,
      number,
      mediaId: media.id,
      createdById: input.staffUserId,
      customerTaxID: customerOf(order).customerTaxID,
      amount: order.totalAmount,
    });
    await emitEvents(tx, issuedEvent(attached));
    return attached;
  });
  return toStaffView(row);
}

/**
 * Who a NIF belongs to, as the provider knows it (checkout shows the name): 400 for a NIF the rule refuses, 404
 * without a provider or for a NIF it does not know, 502 when it cannot be asked.
 */
export async function lookupTaxpayer(
  deps: Pick<FiscalDeps, "fiscal">,
  typed: string,
): Promise<{ nif: string; name: string | null; active: boolean }> {
  const checked = checkNif(typed);
  if ("problem" in checked) throw new AppError(400, checked.problem);
  if (!checked.nif) throw new AppError(400, INVALID_NIF);
  if (!deps.fiscal) throw new AppError(404, "A consulta de NIF não está disponível");
  let found;
  try {
    found = await deps.fiscal.taxpayer(checked.nif);
  } catch {
    throw new AppError(502, "Não foi possível consultar o NIF agora. Pode continuar sem a consulta.");
  }
  if (!found) throw new AppError(404, "NIF não encontrado na AGT");
  return { nif: checked.nif, name: found.name, active: found.status === "A" };
}
