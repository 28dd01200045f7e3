// Fiscal documents as every part shows them (docs/product/fiscal-documents.md): their types and states, and the
// words the storefront and the console use for them.

export const FISCAL_DOCUMENT_TYPES = ["FR", "NC"] as const;
export type FiscalDocumentType = (typeof FISCAL_DOCUMENT_TYPES)[number];

export const FISCAL_DOCUMENT_STATUSES = ["pending", "issued", "rejected", "failed"] as const;
export type FiscalDocumentStatus = (typeof FISCAL_DOCUMENT_STATUSES)[number];

export const FISCAL_TYPE_LABELS: Record<FiscalDocumentType, string> = { FR: "Fatura-recibo", NC: "Nota de crédito" };
export const FISCAL_STATUS_LABELS: Record<FiscalDocumentStatus, string> = {
  pending: "Pendente",
  issued: "Emitido",
  rejected: "Rejeitado",
  failed: "Falhou",
};

/** A document still not issued after this long is flagged to admins (the console's list marks it "Atrasado"). */
export const FISCAL_OVERDUE_HOURS = 24;

/** The largest PDF an admin may attach (as a proof of payment). */
export const MAX_FISCAL_PDF_BYTES = 10 * 1024 * 1024;
