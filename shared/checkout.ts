// The checkout and sign-up rules with their messages (docs/product/checkout.md#checkout-rules,
// docs/product/accounts.md#sign-up-rules). The storefront shows them before sending; the
// server applies the same rules so no client can skip them.

import { passwordProblem } from "./passwords.ts";
import { paymentMethodFromWire } from "./orders.ts";
import { INVALID_PHONE, toE164 } from "./phones.ts";
import { findProvince } from "./delivery.ts";
import { provincesOfCity } from "./angola-places.ts";
import { personNameProblem } from "./names.ts";

export interface AddressFields {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}
export type AddressField = keyof AddressFields;

/**
 * Required fields in the form's order, each with its fixed message. The state (província) is not among them: it is
 * required to deliver to the door only, not for a pickup (`provinceProblem`; SPEC.md's "State optional" is
 * overridden for delivery by issue 39: docs/product/checkout.md#checkout-rules).
 */
export const REQUIRED_ADDRESS_FIELDS: readonly (readonly [AddressField, string])[] = [
  ["firstName", "Primeiro nome é necessário"],
  ["lastName", "Sobrenome é necessário"],
  ["email", "Email é necessário"],
  ["street", "Endereço da Rua é necessário"],
  ["city", "Cidade é necessário"],
  ["zipcode", "Código Postal é necessário"],
  ["country", "País é necessário"],
  ["phone", "Número de telefone é necessário"],
];
export const REQUIRED_ADDRESS_MESSAGES: Readonly<Partial<Record<AddressField, string>>> = Object.fromEntries(REQUIRED_ADDRESS_FIELDS);

/** The country the form starts with: the shop delivers in Angola. */
export const DEFAULT_COUNTRY = "Angola";

/** The choices of the "Província" field: Angola's provinces (Lei 14/24), kept in shared/delivery.ts. */
export { ANGOLA_PROVINCES } from "./delivery.ts";

export const PROVINCE_REQUIRED = "Província é necessária para a entrega ao domicílio";
export const UNKNOWN_PROVINCE = "Escolha a província na lista das províncias de Angola";
export const wrongProvince = (city: string, provinces: readonly string[]) =>
  `${city} fica na província ${provinces.join(" ou ")}: escolha essa província ou corrija a cidade`;

/**
 * The province rules (docs/product/checkout.md#checkout-rules), for the form and the server alike: to deliver to
 * the door the province is required; a province given is one of Angola's; and it is the one the city is in where
 * the shop knows the city (shared/angola-places.ts, plus `more`: the municipalities the shop's zones name).
 * The message of the first that fails, or null.
 */
export function provinceProblem(
  a: { state?: string; city?: string },
  delivering: boolean,
  more: readonly { province: string; places: readonly string[] }[] = [],
): string | null {
  const state = (a.state ?? "").trim();
  const city = (a.city ?? "").trim();
  if (!state) return delivering ? PROVINCE_REQUIRED : null;
  const province = findProvince(state);
  if (!province) return UNKNOWN_PROVINCE;
  const known = provincesOfCity(city, more);
  return known.length && !known.includes(province) ? wrongProvince(city, known) : null;
}

export const FILL_ADDRESS = "Preencha todos os campos obrigatórios do endereço";
export const EMPTY_CART = "Seu carrinho está vazio";
export const BAD_PAYMENT_METHOD = "Método de pagamento inválido";
export const BAD_EMAIL = "Por favor, insira um email válido";

/** The postal code is numeric. */
export const ZIPCODE_PATTERN = /^[0-9]+$/;

/**
 * Angola has no postal codes: the forms leave "Código Postal" optional and send this in its place when it is left
 * empty, so the order contract (every address carries a zipcode) holds (docs/product/checkout.md#checkout-page).
 */
export const NO_POSTCODE = "0000";
export const withPostcode = <T extends { zipcode?: string }>(a: T): T => ((a.zipcode ?? "").trim() ? a : { ...a, zipcode: NO_POSTCODE });
/** Digits, spaces and a leading + (as people type Angolan numbers: +244 923 000 000). */
export const PHONE_PATTERN = /^\+?[0-9 ]+$/;
/**
 * local@domain.tld, with none of what would let one address become several or a display name in a mail header:
 * no spaces or control characters, commas, semicolons, angle brackets, parentheses, brackets, quotes or backslashes.
 */
export const EMAIL_PATTERN =
  /^[^\s@,;:<>()[\]\\"\u0000-\u001f\u007f]+@[^\s@,;:<>()[\]\\"\u0000-\u001f\u007f]+\.[^\s@,;:<>()[\]\\"\u0000-\u001f\u007f]+$/;

/**
 * Field → message for every field of the form that fails (trimmed values). `delivering`: the order goes to the door
 * (not a pickup), so the province is required.
 */
export function addressErrors(
  a: Readonly<Record<AddressField, string | undefined>>,
  options: { delivering?: boolean } = {},
): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const [field, message] of REQUIRED_ADDRESS_FIELDS) if (!(a[field] ?? "").trim()) errors[field] = message;
  for (const field of ["firstName", "lastName"] as const) {
    const problem = errors[field] ? null : personNameProblem((a[field] ?? "").trim());
    if (problem) errors[field] = problem;
  }
  const province = provinceProblem(a, options.delivering ?? false);
  if (province) errors.state = province;
  if (!errors.zipcode && !ZIPCODE_PATTERN.test((a.zipcode ?? "").trim())) errors.zipcode = REQUIRED_ADDRESS_MESSAGES.zipcode;
  if (!errors.phone && !PHONE_PATTERN.test((a.phone ?? "").trim())) errors.phone = REQUIRED_ADDRESS_MESSAGES.phone;
  if (!errors.phone && !toE164(a.phone)) errors.phone = INVALID_PHONE;
  return errors;
}

/** The submit-time checks, in order; null when the order may be sent. */
export function submitError(a: Readonly<Partial<Record<AddressField, string>>>, itemCount: number, paymentMethod: string): string | null {
  if (!a.street?.trim() || !a.city?.trim() || !a.zipcode?.trim()) return FILL_ADDRESS;
  if (itemCount <= 0) return EMPTY_CART;
  if (!paymentMethodFromWire(paymentMethod)) return BAD_PAYMENT_METHOD;
  return null;
}

interface SignUpFields {
  name: string;
  email: string;
  password: string;
}

/** The sign-up rules: the first failing rule's message, or null. */
export function signUpError(v: SignUpFields): string | null {
  if (!v.name.trim()) return "Nome é obrigatório";
  const nameProblem = personNameProblem(v.name.trim());
  if (nameProblem) return nameProblem;
  if (!EMAIL_PATTERN.test(v.email.trim())) return "Email é obrigatório";
  // "Password é obrigatório" first, then the password rule.
  return passwordProblem(v.password);
}
