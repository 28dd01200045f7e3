// Fiscal document contracts (docs/product/fiscal-documents.md): what the shopper's and staff's orders carry, the
// console's list, and the taxpayer lookup at checkout.
import { Type, type Static } from "typebox";
import { FISCAL_DOCUMENT_STATUSES, FISCAL_DOCUMENT_TYPES } from "../../shared/fiscal.ts";

const [FR, NC] = FISCAL_DOCUMENT_TYPES;
const [PENDING, ISSUED, REJECTED, FAILED] = FISCAL_DOCUMENT_STATUSES;
const FiscalType = Type.Union([Type.Literal(FR), Type.Literal(NC)]);
const FiscalStatus = Type.Union([Type.Literal(PENDING), Type.Literal(ISSUED), Type.Literal(REJECTED), Type.Literal(FAILED)]);

/** A fiscal document as the shopper's order shows it: its PDF once issued (or attached by an admin). */
export const OrderFiscalDocument = Type.Object({
  id: Type.String(),
  type: FiscalType,
  status: FiscalStatus,
  number: Type.Union([Type.String(), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()]),
});
export type OrderFiscalDocument = Static<typeof OrderFiscalDocument>;

/** Staff see where it stands with the provider too. */
export const AdminFiscalDocument = Type.Object({
  ...OrderFiscalDocument.properties,
  orderId: Type.String(),
  source: Type.Union([Type.Literal("provider"), Type.Literal("manual")]),
  customerTaxID: Type.String(),
  amount: Type.Number(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  issuedAt: Type.Union([Type.String(), Type.Null()]),
  /** Still not issued 24 hours after it was asked for. */
  overdue: Type.Boolean(),
});
export type AdminFiscalDocument = Static<typeof AdminFiscalDocument>;

export const TaxpayerParams = Type.Object({ nif: Type.String({ minLength: 1, maxLength: 40 }) });
export const TaxpayerReply = Type.Object({
  success: Type.Literal(true),
  nif: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  /** The AGT's status is "A" (Ativo). */
  active: Type.Boolean(),
});
