import type { Address } from "./types.ts";

// SPEC.md §5: one message per required field; state is optional.
export const REQUIRED_MESSAGES: Readonly<Partial<Record<keyof Address, string>>> = {
  firstName: "Primeiro nome é necessário",
  lastName: "Sobrenome é necessário",
  email: "Email é necessário",
  street: "Endereço da Rua é necessário",
  city: "Cidade é necessário",
  zipcode: "Código Postal é necessário",
  country: "País é necessário",
  phone: "Número de telefone é necessário",
};

const NUMERIC = /^\+?[0-9 ]+$/;

/** Field → message for every field that fails. */
export const addressErrors = (a: Address): Partial<Record<keyof Address, string>> => {
  const errors: Partial<Record<keyof Address, string>> = {};
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [keyof Address, string][]) {
    if (!a[field].trim()) errors[field] = message;
  }
  if (!errors.zipcode && !/^[0-9]+$/.test(a.zipcode.trim())) errors.zipcode = REQUIRED_MESSAGES.zipcode;
  if (!errors.phone && !NUMERIC.test(a.phone.trim())) errors.phone = REQUIRED_MESSAGES.phone;
  return errors;
};

/** The submit-time checks of SPEC.md §5, in order; null when the order may be sent. */
export const submitError = (a: Address, itemCount: number, paymentMethod: string): string | null => {
  if (!a.street.trim() || !a.city.trim() || !a.zipcode.trim()) return "Preencha todos os campos obrigatórios do endereço";
  if (itemCount <= 0) return "Seu carrinho está vazio";
  if (paymentMethod !== "cod" && paymentMethod !== "stripe") return "Método de pagamento inválido";
  return null;
};
