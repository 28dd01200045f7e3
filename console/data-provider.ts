import simpleRestProvider from "ra-data-simple-rest";
import type { AdminFiscalDocument } from "../server/schemas/fiscal.ts";
import type { CreateParams, DataProvider, RaRecord, UpdateParams } from "react-admin";
import type { AdminProductImage, AdminUploadReply, TaxonomyReply } from "../server/schemas/admin-products.ts";
import type {
  AdminConversation,
  AdminMessage,
  AdminMessageReply,
  AdminMessagesReply,
  AssigneesReply,
} from "../server/schemas/admin-conversations.ts";
import type { AdminOrderNote, AdminOrderNoteReply, AdminOrderNotesReply } from "../server/schemas/admin-support.ts";
import type { SettingsReply } from "../server/schemas/settings.ts";
import type {
  AdminStatementAssignBody,
  AdminStatementCandidate,
  AdminStatementLine,
  AdminStatementMapping,
  StatementImportReply,
} from "../server/schemas/admin-bank-statements.ts";
import type { StatementMapping } from "../shared/bank-statements.ts";
import type { BankDetails } from "../shared/support.ts";
import type {
  DashboardNumbers,
  DashboardNumbersReply,
  DashboardReply,
  DashboardStats,
  OkReply,
  UnreadCountReply,
} from "../server/schemas/admin-common.ts";
import type { DashboardPeriod } from "../shared/dashboard.ts";
import type { AdminRefundBody } from "../server/schemas/admin-orders.ts";
import type { AdminWhatsAppMessage } from "../server/schemas/admin-whatsapp-inbox.ts";
import { API_URL } from "./lib/api-url.ts";
import { apiDownload, apiFetch, httpClient } from "./lib/http.ts";
import type { RequestBodyTransform, Row } from "./lib/request-body.ts";
import { orderRequestBody, type PaymentBody, type ProofAcceptBody } from "./orders/transform.ts";
import { productRequestBody } from "./products/transform.ts";
import { quickReplyRequestBody } from "./quick-replies/transform.ts";
import { deliveryZoneRequestBody, pickupPointRequestBody } from "./delivery/transform.ts";
import { couponRequestBody } from "./coupons/transform.ts";
import { settingsRequestBody } from "./settings/transform.ts";
import { staffRequestBody } from "./staff/transform.ts";

/** Bodies are strict on the server: each writable resource's transform sends only what it accepts, never the whole record. */
const REQUEST_BODIES: Partial<Record<string, RequestBodyTransform>> = {
  products: productRequestBody,
  orders: orderRequestBody,
  staff: staffRequestBody,
  settings: settingsRequestBody,
  "quick-replies": quickReplyRequestBody,
  "delivery-zones": deliveryZoneRequestBody,
  "pickup-points": pickupPointRequestBody,
  coupons: couponRequestBody,
};

const toRequestBody = (resource: string, data: Row, creating: boolean): Row => REQUEST_BODIES[resource]?.(data, creating) ?? data;

export interface ConsoleDataProvider extends DataProvider {
  uploadImage(file: File): Promise<AdminProductImage>;
  getTaxonomy(): Promise<TaxonomyReply["categories"]>;
  getDashboard(): Promise<DashboardStats>;
  /** The owner's numbers for a period (docs/product/console.md#the-owners-numbers). */
  getDashboardNumbers(period: DashboardPeriod): Promise<DashboardNumbers>;
  /** The accountant's CSV export of orders or payments over Luanda days YYYY-MM-DD (admin only). */
  downloadReport(kind: "orders" | "payments", from: string, to: string): Promise<Blob>;
  getUnreadCount(): Promise<number>;
  getMessages(orderId: string): Promise<AdminMessage[]>;
  sendMessage(orderId: string, text: string, file: File | null): Promise<AdminMessage>;
  markRead(orderId: string): Promise<void>;
  /** Money received for an order (the server answers with the order, which the page then refetches). */
  recordPayment(orderId: string, body: PaymentBody): Promise<void>;
  recordRefund(orderId: string, body: AdminRefundBody): Promise<void>;
  /** An admin gives a Multicaixa Express payment back through AppyPay (docs/product/console.md#multicaixa-express). */
  refundThroughAppyPay(orderId: string, paymentId: string, body: { amount: number; note?: string }): Promise<void>;
  acceptProof(orderId: string, proofId: string, body: ProofAcceptBody): Promise<void>;
  /** An admin approves a payment "por confirmar": it counts from now. */
  approvePayment(orderId: string, paymentId: string): Promise<void>;
  refuseProof(orderId: string, proofId: string, reason: string): Promise<void>;
  /** The active staff a conversation may be assigned to. */
  getAssignees(): Promise<AssigneesReply["staff"]>;
  assignConversation(orderId: string, assigneeId: string | null): Promise<AdminConversation>;
  getNotes(orderId: string): Promise<AdminOrderNote[]>;
  addNote(orderId: string, text: string): Promise<AdminOrderNote>;
  /** The shop's bank details (the public settings), to fill a quick reply's placeholders. */
  getShopBank(): Promise<BankDetails>;
  /** Imports a bank statement; a 422 with `needsMapping` asks which column is which (send again with `mapping`). */
  importStatement(file: File, mapping?: StatementMapping): Promise<StatementImportReply>;
  assignStatementLine(id: string, body: AdminStatementAssignBody): Promise<AdminStatementLine>;
  dismissStatementLine(id: string, reason: string): Promise<AdminStatementLine>;
  /** "É o mesmo pagamento": the line confirms a payment already recorded. */
  linkStatementLine(id: string, paymentId: string): Promise<AdminStatementLine>;
  /** The orders a waiting line may be, best first (docs/product/console.md#extrato-admins). */
  statementLineCandidates(id: string): Promise<AdminStatementCandidate[]>;
  /** The payments no statement line confirmed after `days` days, as CSV (admin only). */
  downloadUnlinkedPayments(days: number): Promise<Blob>;
  /** Deletes a bank's column mapping; the admin's own password is required (step-up). */
  deleteStatementMapping(id: string, currentPassword: string): Promise<AdminStatementMapping>;
  /** Posts a WhatsApp message waiting for staff to one of its phone's orders (docs/product/console.md#whatsapp-por-atribuir). */
  assignWhatsAppMessage(id: string, orderId: string): Promise<AdminWhatsAppMessage>;
  dismissWhatsAppMessage(id: string): Promise<AdminWhatsAppMessage>;
  /** "Tentar de novo" on a fiscal document that failed or was rejected (admins; docs/product/fiscal-documents.md#the-console). */
  retryFiscalDocument(id: string): Promise<AdminFiscalDocument>;
  /** An admin attaches the document issued in the AGT portal: its type, number and PDF. */
  attachFiscalDocument(orderId: string, type: "FR" | "NC", number: string, file: File): Promise<AdminFiscalDocument>;
}

type FiscalDocumentReply = { success: true; document: AdminFiscalDocument };

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

const base = simpleRestProvider(API_URL, httpClient);

export const dataProvider: ConsoleDataProvider = {
  ...base,
  create: <R extends RaRecord>(resource: string, params: CreateParams) =>
    base.create<R>(resource, { ...params, data: toRequestBody(resource, params.data as Row, true) }),
  update: <R extends RaRecord>(resource: string, params: UpdateParams) =>
    base.update<R>(resource, { ...params, data: toRequestBody(resource, params.data as Row, false) }),

  async uploadImage(file) {
    const form = new FormData();
    form.append("file", file, file.name);
    const reply = await apiFetch<AdminUploadReply>("/uploads", { method: "POST", body: form });
    return reply.image;
  },
  async getTaxonomy() {
    return (await apiFetch<TaxonomyReply>("/taxonomy")).categories;
  },
  async getDashboard() {
    return (await apiFetch<DashboardReply>("/dashboard")).stats;
  },
  async getDashboardNumbers(period) {
    return (await apiFetch<DashboardNumbersReply>(`/dashboard/numbers?period=${period}`)).numbers;
  },
  downloadReport(kind, from, to) {
    return apiDownload(`/reports/${kind}.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  },
  async getUnreadCount() {
    return (await apiFetch<UnreadCountReply>("/conversations/unread-count")).count;
  },
  async getMessages(orderId) {
    return (await apiFetch<AdminMessagesReply>(`/conversations/${encodeURIComponent(orderId)}/messages`)).messages;
  },
  async sendMessage(orderId, text, file) {
    const form = new FormData();
    if (text) form.append("text", text);
    if (file) form.append("file", file, file.name);
    return (await apiFetch<AdminMessageReply>(`/conversations/${encodeURIComponent(orderId)}/messages`, { method: "POST", body: form }))
      .message;
  },
  async markRead(orderId) {
    await apiFetch<OkReply>(`/conversations/${encodeURIComponent(orderId)}/read`, { method: "POST", body: "{}" });
  },
  async recordPayment(orderId, body) {
    await apiFetch<unknown>(`${orderPath(orderId)}/payments`, { method: "POST", body: JSON.stringify(body) });
  },
  async recordRefund(orderId, body) {
    await apiFetch<unknown>(`${orderPath(orderId)}/refunds`, { method: "POST", body: JSON.stringify(body) });
  },
  async refundThroughAppyPay(orderId, paymentId, body) {
    await apiFetch<unknown>(`${orderPath(orderId)}/payments/${encodeURIComponent(paymentId)}/appypay-refund`, {
      method: "POST",
      body: JSON.stringify(body),
    });
  },
  async acceptProof(orderId, proofId, body) {
    await apiFetch<unknown>(`${orderPath(orderId)}/proofs/${encodeURIComponent(proofId)}/accept`, {
      method: "POST",
      body: JSON.stringify(body),
    });
  },
  async approvePayment(orderId, paymentId) {
    await apiFetch<unknown>(`${orderPath(orderId)}/payments/${encodeURIComponent(paymentId)}/approve`, { method: "POST", body: "{}" });
  },
  async getAssignees() {
    return (await apiFetch<AssigneesReply>("/conversations/assignees")).staff;
  },
  async assignConversation(orderId, assigneeId) {
    return apiFetch<AdminConversation>(`/conversations/${encodeURIComponent(orderId)}/assignee`, {
      method: "PUT",
      body: JSON.stringify({ assigneeId }),
    });
  },
  async getNotes(orderId) {
    return (await apiFetch<AdminOrderNotesReply>(`${orderPath(orderId)}/notes`)).notes;
  },
  async addNote(orderId, text) {
    return (await apiFetch<AdminOrderNoteReply>(`${orderPath(orderId)}/notes`, { method: "POST", body: JSON.stringify({ text }) })).note;
  },
  async getShopBank() {
    const res = await fetch("/api/settings");
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return ((await res.json()) as SettingsReply).settings.bank;
  },
  async retryFiscalDocument(id) {
    return (await apiFetch<FiscalDocumentReply>(`/fiscal-documents/${encodeURIComponent(id)}/retry`, { method: "POST", body: "{}" }))
      .document;
  },
  async attachFiscalDocument(orderId, type, number, file) {
    const form = new FormData();
    form.append("type", type);
    form.append("number", number);
    form.append("file", file, file.name);
    return (await apiFetch<FiscalDocumentReply>(`${orderPath(orderId)}/fiscal-documents`, { method: "POST", body: form })).document;
  },
  async importStatement(file, mapping) {
    const form = new FormData();
    if (mapping) form.append("mapping", JSON.stringify(mapping));
    form.append("file", file, file.name);
    return apiFetch<StatementImportReply>("/bank-statements", { method: "POST", body: form });
  },
  async assignStatementLine(id, body) {
    return apiFetch<AdminStatementLine>(`/bank-statement-lines/${encodeURIComponent(id)}/assign`, {
      method: "POST",
      body: JSON.stringify(body),
    });
  },
  async dismissStatementLine(id, reason) {
    return apiFetch<AdminStatementLine>(`/bank-statement-lines/${encodeURIComponent(id)}/dismiss`, {
      method: "POST",
      body: JSON.stringify({ reason }),
    });
  },
  async statementLineCandidates(id) {
    return apiFetch<AdminStatementCandidate[]>(`/bank-statement-lines/${encodeURIComponent(id)}/candidates`);
  },
  async linkStatementLine(id, paymentId) {
    return apiFetch<AdminStatementLine>(`/bank-statement-lines/${encodeURIComponent(id)}/link`, {
      method: "POST",
      body: JSON.stringify({ paymentId }),
    });
  },
  downloadUnlinkedPayments(days) {
    return apiDownload(`/reports/unlinked-payments.csv?days=${encodeURIComponent(String(days))}`);
  },
  async deleteStatementMapping(id, currentPassword) {
    return apiFetch<AdminStatementMapping>(`/bank-statement-mappings/${encodeURIComponent(id)}`, {
      method: "DELETE",
      body: JSON.stringify({ currentPassword }),
    });
  },
  async assignWhatsAppMessage(id, orderId) {
    return apiFetch<AdminWhatsAppMessage>(`/whatsapp-inbox/${encodeURIComponent(id)}/assign`, {
      method: "POST",
      body: JSON.stringify({ orderId }),
    });
  },
  async dismissWhatsAppMessage(id) {
    return apiFetch<AdminWhatsAppMessage>(`/whatsapp-inbox/${encodeURIComponent(id)}/dismiss`, { method: "POST" });
  },
  async refuseProof(orderId, proofId, reason) {
    await apiFetch<unknown>(`${orderPath(orderId)}/proofs/${encodeURIComponent(proofId)}/refuse`, {
      method: "POST",
      body: JSON.stringify({ reason }),
    });
  },
};
