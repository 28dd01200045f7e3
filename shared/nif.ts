// The buyer's NIF (número de identificação fiscal) on an order and an account (docs/product/fiscal-documents.md#the-nif).
// A company's NIF is 10 digits; a person's is their BI number (9 digits, 2 letters, 3 digits). Shoppers type it
// with spaces and dots, in either case: those are taken out and letters upper-cased before the check. Checkout, the
// account page and the server all use this one rule.

/** The NIF of a buyer without one ("Consumidor final"), as AppyPay and the AGT want it. */
export const CONSUMER_NIF = "999999999";
export const CONSUMER_NAME = "Consumidor final";

export const INVALID_NIF =
  "NIF inválido: indique os 10 dígitos do NIF da empresa ou o número do BI (9 dígitos, 2 letras e 3 dígitos), ou deixe o campo vazio";

const COMPANY = /^\d{10}$/;
const PERSON = /^\d{9}[A-Z]{2}\d{3}$/;

/** The NIF as stored: spaces (any), dots and dashes out, letters upper-cased; "" when nothing was typed. */
export function normalizeNif(typed: string): string {
  return typed.replace(/[\s.\-]/g, "").toUpperCase();
}

export type NifKind = "company" | "person";

/** What a normalised NIF is, or null when it is neither a company's nor a BI. */
export function nifKind(nif: string): NifKind | null {
  if (COMPANY.test(nif)) return "company";
  if (PERSON.test(nif)) return "person";
  return null;
}

/**
 * The NIF to keep for what was typed: null for nothing (the buyer is "Consumidor final"), the normalised NIF when it
 * is valid, `{ problem }` otherwise.
 */
export function checkNif(typed: string | null | undefined): { nif: string | null } | { problem: string } {
  const nif = normalizeNif(typed ?? "");
  if (!nif) return { nif: null };
  return nifKind(nif) ? { nif } : { problem: INVALID_NIF };
}

/** The message for a typed NIF, or null when it is fine (or empty). For forms. */
export function nifProblem(typed: string | null | undefined): string | null {
  const checked = checkNif(typed);
  return "problem" in checked ? checked.problem : null;
}
