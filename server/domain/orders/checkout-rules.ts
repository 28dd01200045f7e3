// The checkout rules (docs/product/checkout.md#checkout-rules), applied on the server so no client can skip them. The
// rules and their messages are shared/checkout.ts's (the storefront shows the same ones before sending); here they
// become 400s. The submit checks come first, in the storefront's order, then each required field with its own message.
import {
  BAD_EMAIL,
  BAD_PAYMENT_METHOD,
  EMAIL_PATTERN,
  EMPTY_CART,
  FILL_ADDRESS,
  PHONE_PATTERN,
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_ADDRESS_MESSAGES,
  ZIPCODE_PATTERN,
} from "../../../shared/checkout.ts";
import { paymentMethodFromWire, type PaymentMethod } from "../../../shared/orders.ts";
import { INVALID_PHONE, toE164 } from "../../../shared/phones.ts";
import { personNameProblem } from "../../../shared/names.ts";
import { AppError } from "../errors.ts";
import type { Address, AddressInput } from "../../schemas/orders.ts";

/** Control characters or a lone surrogate half. */
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The address as stored: every field trimmed, state optional. */
export function checkAddress(input: AddressInput): Address {
  const a: Address = {
    firstName: (input.firstName ?? "").trim(),
    lastName: (input.lastName ?? "").trim(),
    email: (input.email ?? "").trim(),
    street: (input.street ?? "").trim(),
    city: (input.city ?? "").trim(),
    state: (input.state ?? "").trim(),
    zipcode: (input.zipcode ?? "").trim(),
    country: (input.country ?? "").trim(),
    phone: (input.phone ?? "").trim(),
  };
  // Optional, for couriers: kept only when given.
  const neighborhood = (input.neighborhood ?? "").trim();
  const landmark = (input.landmark ?? "").trim();
  if (neighborhood) a.neighborhood = neighborhood;
  if (landmark) a.landmark = landmark;
  for (const [field, message] of REQUIRED_ADDRESS_FIELDS) if (!a[field]) throw new AppError(400, message);
  // The names may reach mails and staff: no link, e-mail, IBAN or second line (docs/product/accounts.md#names).
  for (const name of [a.firstName, a.lastName]) {
    const problem = personNameProblem(name);
    if (problem) throw new AppError(400, problem);
  }
  // The address is kept as JSON: control characters and broken UTF-16 would be refused by the database.
  if (Object.values(a).some((v) => UNSTORABLE.test(v))) throw new AppError(400, "O endereço contém caracteres inválidos");
  if (!EMAIL_PATTERN.test(a.email)) throw new AppError(400, BAD_EMAIL);
  if (!ZIPCODE_PATTERN.test(a.zipcode)) throw new AppError(400, REQUIRED_ADDRESS_MESSAGES.zipcode!);
  if (!PHONE_PATTERN.test(a.phone)) throw new AppError(400, REQUIRED_ADDRESS_MESSAGES.phone!);
  // Digits that are no phone anywhere: said plainly, so the shop can reach the shopper (and WhatsApp or SMS can).
  if (!toE164(a.phone)) throw new AppError(400, INVALID_PHONE);
  return a;
}

/** The submit-time checks, in the order the checkout rules give them. */
export function checkSubmit(address: AddressInput, lineCount: number, paymentMethod: string): PaymentMethod {
  if (!address.street?.trim() || !address.city?.trim() || !address.zipcode?.trim()) throw new AppError(400, FILL_ADDRESS);
  if (lineCount === 0) throw new AppError(400, EMPTY_CART);
  const method = paymentMethodFromWire(paymentMethod);
  if (!method) throw new AppError(400, BAD_PAYMENT_METHOD);
  return method;
}
