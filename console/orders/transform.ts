import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";
import type { AdminPaymentBody, AdminProofAcceptBody } from "../../server/schemas/admin-orders.ts";
import { parseKwanza } from "../../shared/kwanza-input.ts";
import { MAX_BANK_REFERENCE, MIN_EXCEPTION_REASON } from "../../shared/payments.ts";

export { MAX_BANK_REFERENCE };

/**
 * Staff change an order's status (with an optional note, the reason an exception needs, or on a move to Enviado what
 * the shipment dialog says: docs/product/orders.md#dispatch); nothing else of an order is written.
 */
export const orderRequestBody: RequestBodyTransform = (data) => pickFields(data, ["status", "note", "reason", "shipment"]);

/** The payment dialog as typed: the amount as text ("29 990", "12500,50"), the date from a datetime-local input. */
export interface PaymentForm {
  amount: string;
  bankReference: string;
  receivedAt: string;
  note: string;
  /** More than is owed: the excess is to be refunded. */
  overpayment: boolean;
  /** Admins: record a bank reference already recorded, with the reason. */
  duplicateReason: string;
}

/** POST /admin/api/orders/:id/payments and …/proofs/:proofId/accept. */
export type PaymentBody = AdminPaymentBody;

/** Accepting a proof: a payment already recorded on the order, or a new one. */
export type ProofAcceptBody = PaymentBody | Required<Pick<AdminProofAcceptBody, "paymentId">>;

/** Translation keys of what is wrong in the payment form, by field; empty when it can be sent. */
export function paymentFormErrors(form: PaymentForm, now = new Date()): Partial<Record<keyof PaymentForm, string>> {
  const errors: Partial<Record<keyof PaymentForm, string>> = {};
  if (parseKwanza(form.amount) === null) errors.amount = "loja.payments.amount_invalid";
  const reference = form.bankReference.trim();
  if (!reference) errors.bankReference = "ra.validation.required";
  else if (reference.length > MAX_BANK_REFERENCE) errors.bankReference = "loja.payments.reference_too_long";
  if (form.receivedAt) {
    const at = new Date(form.receivedAt);
    if (Number.isNaN(at.getTime())) errors.receivedAt = "loja.payments.date_invalid";
    else if (at.getTime() > now.getTime()) errors.receivedAt = "loja.payments.date_future";
  }
  return errors;
}

/** The body the server accepts: amount in kwanza, receivedAt as ISO (left out: the server takes now), no empty note. */
export function paymentRequestBody(form: PaymentForm): PaymentBody {
  const body: PaymentBody = { amount: parseKwanza(form.amount) ?? 0, bankReference: form.bankReference.trim() };
  if (form.receivedAt) body.receivedAt = new Date(form.receivedAt).toISOString();
  if (form.note.trim()) body.note = form.note.trim();
  if (form.overpayment) body.overpayment = true;
  if (form.duplicateReason.trim()) body.duplicateReason = form.duplicateReason.trim();
  return body;
}

/** An exceptional move (admins only) carries a written reason of at least MIN_EXCEPTION_REASON characters. */
export const exceptionReasonError = (reason: string): string | undefined =>
  reason.trim().length < MIN_EXCEPTION_REASON ? "loja.orders.reason_too_short" : undefined;

const MIN_REFUSAL_REASON = 3;
export const MAX_REFUSAL_REASON = 500;
export const refusalReasonError = (reason: string): string | undefined => {
  const length = reason.trim().length;
  return length < MIN_REFUSAL_REASON
    ? "loja.payments.refusal_too_short"
    : length > MAX_REFUSAL_REASON
      ? "loja.payments.refusal_too_long"
      : undefined;
};

/** A refund says why (the order's history and the owner read it): at least MIN_REFUSAL_REASON characters. */
export const refundReasonError = (reason: string): string | undefined =>
  reason.trim().length < MIN_REFUSAL_REASON ? "loja.refunds.reason_too_short" : undefined;
