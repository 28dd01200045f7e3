// AppyPay's fiscal documents API (docs/design/fiscal-documents.md#appypay), on the one AppyPay client.
//
// Source: AppyPay's public reference (appypay.stoplight.io, copied in the public repository fredypdp/AppyPay-Docs),
// read on 2026-11-28:
// - "Post a fiscal document": `POST /fiscal-documents`, one document per request, asynchronous only: answered
//   **202** `{ id, responseStatus: { code, message } }`; the result comes later to the merchant's non-transactional
//   webhook. Body: documentType (FT default, FR), documentDate, customerTaxID ("999999999" for a domestic buyer
//   without identification), customerCountry ("AO"), companyName, lines [{ lineNumber, productCode,
//   productDescription, quantity, unitOfMeasure, unitPriceBase (without discounts and taxes), unitPrice (discounted,
//   without taxes; mandatory when a discount applies), referenceInfo (mandatory on an NC: the base invoice), taxes
//   (left out: IVA at 14 %) }], documentStatus N | C with rejectedDocumentNo for the correction of a rejected one.
// - "Get a fiscal document": `GET /fiscal-documents/{id}` → { id, documentNo, docData { fileType: application/pdf,
//   file: base64 }, qrCode { fileType: image/png, file: base64 } }; "Get all fiscal documents" lists documentStatus
//   (Pending | Success | Failed) and validationStatus (V | I) with providerResultDescription.
// - "Get Taxpayer by NIF": `GET /fiscal-documents/taxpayer/{nif}` → { nif, name, vatRegime, type, status A|C|D|E|F|G }.
// - "Merchant Webhooks", non-transactional: POSTed when the tax authority processed the document; Basic auth or an
//   API key. Its fiscal payload is not spelled out: the webhook only names which document to fetch again.
// The reference does not spell out the fields inside `taxes` and `referenceInfo`; those sent here follow SAF-T(AO)
// (Reference, Reason; TaxType, TaxCode, TaxPercentage) and are the ones to confirm with AppyPay first.
import { AppyPayError, type AppyPayClient } from "./client.ts";

export interface FiscalLine {
  lineNumber: number;
  productCode: string;
  productDescription: string;
  quantity: number;
  unitOfMeasure: string;
  unitPriceBase: number;
  unitPrice?: number;
  taxes?: { taxType: string; taxCode: string; taxPercentage: number; taxExemptionReason?: string }[];
  referenceInfo?: { reference: string; reason: string };
}

export interface FiscalDocumentRequest {
  documentType: "FR" | "NC";
  documentDate: string;
  customerTaxID: string;
  customerCountry: string;
  companyName: string;
  documentStatus?: "N" | "C";
  rejectedDocumentNo?: string;
  lines: FiscalLine[];
}

/** What the provider says of a document it accepted. */
export interface ProviderDocument {
  state: "pending" | "issued" | "rejected";
  number: string | null;
  pdf: Buffer | null;
  qr: Buffer | null;
  /** Why it was rejected (the provider's or the AGT's words). */
  reason: string | null;
}

export interface Taxpayer {
  nif: string;
  name: string | null;
  /** A (Ativo), C (Cessado), D, E, F, G: see the reference. */
  status: string;
}

/** The certified issuer the shop asks for its fiscal documents (FISCAL_PROVIDER); AppyPay's is the first. */
export interface FiscalProvider {
  readonly name: string;
  /** Asks for one document; answers the provider's id (202: the result comes later). */
  create(request: FiscalDocumentRequest): Promise<{ id: string }>;
  /** The document as the provider has it now; null when it does not know the id. */
  get(id: string): Promise<ProviderDocument | null>;
  /** Who a NIF belongs to; null when the provider knows no such taxpayer. */
  taxpayer(nif: string): Promise<Taxpayer | null>;
}

const base64 = (value: unknown): Buffer | null => (typeof value === "string" && value.length > 0 ? Buffer.from(value, "base64") : null);

export class AppyPayFiscalDocuments implements FiscalProvider {
  readonly name = "appypay";
  constructor(private readonly client: AppyPayClient) {}

  async create(request: FiscalDocumentRequest): Promise<{ id: string }> {
    const { status, body } = await this.client.request<{ id?: unknown }>("POST", "/fiscal-documents", { body: request });
    if (typeof body?.id !== "string" || !body.id)
      throw new AppyPayError(`AppyPay respondeu ${status} sem id a POST /fiscal-documents`, status, body);
    return { id: body.id };
  }

  async get(id: string): Promise<ProviderDocument | null> {
    let body: Record<string, unknown>;
    try {
      body = (await this.client.request<Record<string, unknown>>("GET", `/fiscal-documents/${encodeURIComponent(id)}`)).body ?? {};
    } catch (error) {
      if (error instanceof AppyPayError && error.status === 404) return null;
      throw error;
    }
    const number = typeof body.documentNo === "string" && body.documentNo ? body.documentNo : null;
    const pdf = base64((body.docData as { file?: unknown } | undefined)?.file);
    const qr = base64((body.qrCode as { file?: unknown } | undefined)?.file);
    const reasonText = body.providerResultDescription ?? (body.responseStatus as { message?: unknown } | undefined)?.message;
    const reason = typeof reasonText === "string" ? reasonText : null;
    // The list's documentStatus / validationStatus when the answer carries them; else a document with its PDF is issued.
    const failed = body.documentStatus === "Failed" || body.validationStatus === "I";
    const issued = !failed && (body.documentStatus === "Success" || (body.documentStatus === undefined && pdf !== null && number !== null));
    return { state: failed ? "rejected" : issued ? "issued" : "pending", number, pdf, qr, reason };
  }

  async taxpayer(nif: string): Promise<Taxpayer | null> {
    try {
      const { body } = await this.client.request<Record<string, unknown>>("GET", `/fiscal-documents/taxpayer/${encodeURIComponent(nif)}`);
      if (!body || typeof body.status !== "string") return null;
      return { nif, name: typeof body.name === "string" ? body.name : null, status: body.status };
    } catch (error) {
      if (error instanceof AppyPayError && error.status === 404) return null;
      throw error;
    }
  }
}
