// SPEC.md §5 checkout rules, applied on the server so no client can skip them. The submit checks come first,
// in the storefront's order, then each required field with its own message.
import { AppError } from "../errors.ts";
import { PAYMENT_METHODS, type Address, type AddressInput, type PaymentMethod } from "../../schemas/orders.ts";

export const FILL_ADDRESS = "Preencha todos os campos obrigatórios do endereço";
export const EMPTY_CART = "Seu carrinho está vazio";
export const BAD_PAYMENT_METHOD = "Método de pagamento inválido";

const REQUIRED: readonly [keyof Address, string][] = [
  ["firstName", "Primeiro nome é necessário"],
  ["lastName", "Sobrenome é necessário"],
  ["email", "Email é necessário"],
  ["street", "Endereço da Rua é necessário"],
  ["city", "Cidade é necessário"],
  ["zipcode", "Código Postal é necessário"],
  ["country", "País é necessário"],
  ["phone", "Número de telefone é necessário"],
];
const ZIPCODE = /^[0-9]+$/;
/** Digits, spaces and a leading + (as people type Angolan numbers: +244 923 000 000). */
const PHONE = /^\+?[0-9 ]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
  for (const [field, message] of REQUIRED) if (!a[field]) throw new AppError(400, message);
  // The address is kept as JSON: control characters and broken UTF-16 would be refused by the database.
  if (Object.values(a).some((v) => UNSTORABLE.test(v))) throw new AppError(400, "O endereço contém caracteres inválidos");
  if (!EMAIL.test(a.email)) throw new AppError(400, "Por favor, insira um email válido");
  if (!ZIPCODE.test(a.zipcode)) throw new AppError(400, "Código Postal é necessário");
  if (!PHONE.test(a.phone)) throw new AppError(400, "Número de telefone é necessário");
  return a;
}

/** The submit-time checks, in SPEC.md's order. */
export function checkSubmit(address: AddressInput, lineCount: number, paymentMethod: string): PaymentMethod {
  if (!address.street?.trim() || !address.city?.trim() || !address.zipcode?.trim()) throw new AppError(400, FILL_ADDRESS);
  if (lineCount === 0) throw new AppError(400, EMPTY_CART);
  if (!(PAYMENT_METHODS as readonly string[]).includes(paymentMethod)) throw new AppError(400, BAD_PAYMENT_METHOD);
  return paymentMethod as PaymentMethod;
}
