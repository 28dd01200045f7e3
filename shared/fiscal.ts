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

/**
 * The shop's IVA regime: "geral" (prices include IVA at 14 %, the standard rate) or "exclusao" (not subject to IVA).
 * It decides the taxes of every document's lines (docs/product/fiscal-documents.md#configuration).
 */
export const VAT_REGIMES = ["geral", "exclusao"] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const VAT_REGIME_LABELS: Record<VatRegime, string> = {
  geral: "Regime geral (preços com IVA a 14 %)",
  exclusao: "Regime de exclusão (sem IVA)",
};
export const isVatRegime = (value: string): value is VatRegime => (VAT_REGIMES as readonly string[]).includes(value);

/** A document still not issued after this long is flagged to admins (the console's list marks it "Atrasado"). */
export const FISCAL_OVERDUE_HOURS = 24;

/** The largest PDF an admin may attach (as a proof of payment). */
export const MAX_FISCAL_PDF_BYTES = 10 * 1024 * 1024;
