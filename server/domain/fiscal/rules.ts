// What a fiscal document says (docs/design/fiscal-documents.md#what-a-document-says): the FR of a paid order and the
// NC of a refund, as the body the provider is sent. Plain functions: no database, no network.
import type { FiscalDocumentRequest, FiscalLine } from "../../integrations/appypay/fiscal-documents.ts";
import { CONSUMER_NAME, CONSUMER_NIF } from "../../../shared/nif.ts";
import { luandaParts } from "../../../shared/dates.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import type { VatRegime } from "../../../shared/fiscal.ts";

export const STANDARD_VAT_RATE = 0.14;

/** Prices are kept with 6 decimals (SAF-T's unit price), so the lines add up to what was paid to the cent. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Taxes of every line: none sent in the general regime (the provider applies IVA at 14 %), "not subject" otherwise. */
function lineTaxes(regime: VatRegime): Pick<FiscalLine, "taxes"> {
  return regime === "exclusao"
    ? { taxes: [{ taxType: "NS", taxCode: "ISE", taxPercentage: 0, taxExemptionReason: "Regime de exclusão" }] }
    : {};
}
const vatRate = (regime: VatRegime) => (regime === "geral" ? STANDARD_VAT_RATE : 0);

/** The document's date: the day in Luanda (YYYY-MM-DD). */
export function documentDate(at: Date): string {
  const p = luandaParts(at)!;
  return `${p.year}-${p.month}-${p.day}`;
}

/** The buyer as the document names them: their NIF and name, or "Consumidor final" (999999999). */
export function customerOf(order: { nif: string | null; address: unknown }): { customerTaxID: string; companyName: string } {
  if (!order.nif) return { customerTaxID: CONSUMER_NIF, companyName: CONSUMER_NAME };
  const a = (order.address ?? {}) as { firstName?: unknown; lastName?: unknown };
  const name = [a.firstName, a.lastName].filter((s): s is string => typeof s === "string" && s.trim() !== "").join(" ");
  return { customerTaxID: order.nif, companyName: name || CONSUMER_NAME };
}

export interface InvoiceOrder {
  id: string;
  nif: string | null;
  address: unknown;
  /** Kwanza, 2 decimals. */
  deliveryFee: number;
  discount: number;
  totalAmount: number;
  delivery: unknown;
  lines: { productId: string | null; name: string; size: string; quantity: number; price: number }[];
}

/**
 * The FR of a paid order: a line per item (product code, description with its size, quantity, unit price) and one
 * for delivery when it was charged; a coupon's discount is shared among the lines in proportion to what each costs
 * (each line's `unitPrice`, the discounted price), so the lines, taxes included, add up to the order's total — what
 * was paid. In the general regime prices include IVA: the base is the price over 1.14.
 */
export function invoiceRequest(order: InvoiceOrder, regime: VatRegime, at: Date): FiscalDocumentRequest {
  const divisor = 1 + vatRate(regime);
  const items = order.lines.map((l) => ({
    productCode: l.productId ?? `LINHA-${shortOrderId(order.id)}`,
    productDescription: l.size && l.size !== "Único" ? `${l.name} (${l.size})` : l.name,
    quantity: l.quantity,
    unitPrice: l.price,
    operationType: "TB",
  }));
  if (order.deliveryFee > 0) {
    const name = (order.delivery as { name?: unknown } | null)?.name;
    items.push({
      productCode: "ENTREGA",
      productDescription: typeof name === "string" && name ? `Entrega: ${name}` : "Entrega",
      quantity: 1,
      unitPrice: order.deliveryFee,
      operationType: "SG",
    });
  }
  // The discount in cents, shared in proportion to each line's gross; the last line takes what rounding left.
  const grossCents = items.map((i) => Math.round(i.unitPrice * i.quantity * 100));
  const totalCents = grossCents.reduce((a, b) => a + b, 0);
  const discountCents = Math.min(Math.round(order.discount * 100), totalCents);
  let left = discountCents;
  const shares = grossCents.map((g, index) => {
    if (index === grossCents.length - 1) return left;
    const share = totalCents ? Math.floor((discountCents * g) / totalCents) : 0;
    left -= share;
    return share;
  });
  const lines: FiscalLine[] = items.map((item, index) => {
    const line: FiscalLine & { operationType: string } = {
      lineNumber: index + 1,
      productCode: item.productCode,
      productDescription: item.productDescription,
      quantity: item.quantity,
      unitOfMeasure: "UN",
      unitPriceBase: round6(item.unitPrice / divisor),
      operationType: item.operationType,
      ...lineTaxes(regime),
    };
    if (shares[index]! > 0) line.unitPrice = round6((grossCents[index]! - shares[index]!) / 100 / item.quantity / divisor);
    return line;
  });
  return { documentType: "FR", documentDate: documentDate(at), customerCountry: "AO", ...customerOf(order), documentStatus: "N", lines };
}

/**
 * The FR of a paid payment request (docs/design/fiscal-documents.md#payment-requests): one line for its amount, its
 * reason as the description (a province's delivery, an exchange's difference, an extra item, a deposit), naming the
 * order it belongs to.
 */
export function requestInvoiceRequest(
  order: { id: string; nif: string | null; address: unknown },
  request: { amount: number; reason: string },
  regime: VatRegime,
  at: Date,
): FiscalDocumentRequest {
  const divisor = 1 + vatRate(regime);
  const line: FiscalLine & { operationType: string } = {
    lineNumber: 1,
    productCode: "PEDIDO-PAGAMENTO",
    productDescription: `${request.reason.slice(0, 150)} (pedido #${shortOrderId(order.id)})`,
    quantity: 1,
    unitOfMeasure: "UN",
    unitPriceBase: round6(request.amount / divisor),
    operationType: "SG",
    ...lineTaxes(regime),
  };
  return {
    documentType: "FR",
    documentDate: documentDate(at),
    customerCountry: "AO",
    ...customerOf(order),
    documentStatus: "N",
    lines: [line],
  };
}

/** The NC of a refund: one line for the amount given back, referring to the order's FR. */
export function creditNoteRequest(
  order: { id: string; nif: string | null; address: unknown },
  refund: { amount: number; note: string | null },
  invoiceNumber: string,
  regime: VatRegime,
  at: Date,
): FiscalDocumentRequest {
  const divisor = 1 + vatRate(regime);
  return {
    documentType: "NC",
    documentDate: documentDate(at),
    customerCountry: "AO",
    ...customerOf(order),
    documentStatus: "N",
    lines: [
      {
        lineNumber: 1,
        productCode: "DEVOLUCAO",
        productDescription: `Devolução do pedido #${shortOrderId(order.id)}`,
        quantity: 1,
        unitOfMeasure: "UN",
        unitPriceBase: round6(refund.amount / divisor),
        referenceInfo: { reference: invoiceNumber, reason: refund.note?.slice(0, 50) || "Devolução" },
        ...lineTaxes(regime),
      },
    ],
  };
}

/** What the lines come to, taxes included, in kwanza to the cent: the tests hold it to what was paid. */
export function requestTotal(request: FiscalDocumentRequest, regime: VatRegime): number {
  const rate = 1 + vatRate(regime);
  const sum = request.lines.reduce((s, l) => s + l.quantity * (l.unitPrice ?? l.unitPriceBase) * rate, 0);
  return Math.round(sum * 100) / 100;
}
