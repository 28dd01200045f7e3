// Multicaixa Express (EMIS's phone app) through AppyPay: the rules the server and the storefront share
// (docs/product/orders.md#multicaixa-express): which phone can be charged, how long the shopper has to approve, and
// what the shopper reads of a charge's outcome.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { ANGOLA_CALLING_CODE } from "./phones.ts";

/** How long the shopper has to approve a charge in the app (EMIS GPO's limit). */
export const MCX_EXPRESS_APPROVAL_SECONDS = 90;

export const MCX_EXPRESS_INVALID_PHONE =
  "Indique um telemóvel angolano com Multicaixa Express, por exemplo 923 456 789 ou +244 923 456 789";

/**
 * The 9 national digits of an Angolan mobile ("923 456 789", "+244 923 456 789", "00244…" all give "923456789"),
 * or null for anything else: Multicaixa Express lives on a mobile, and Angola's mobiles are the numbers beginning
 * with 9 (fixed lines begin with 2). The phone parsing is the checkout's (shared/phones.ts), so any format a
 * shopper typed at checkout is read the same here.
 */
export function angolanMobile(text: string | null | undefined): string | null {
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text.trim(), "AO");
  if (!parsed?.isValid() || parsed.countryCallingCode !== ANGOLA_CALLING_CODE) return null;
  return /^9\d{8}$/.test(parsed.nationalNumber) ? parsed.nationalNumber : null;
}

/** "923 456 789": how the shop writes a charged phone back. */
export const groupedMobile = (digits: string): string => digits.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");

/** A charge as the shopper sees it: waiting for the app, paid, not paid (a new try is allowed), or in the shop's hands. */
export const MCX_CHARGE_STATES = ["pending", "paid", "failed", "review"] as const;
export type McxChargeState = (typeof MCX_CHARGE_STATES)[number];

/** A charge as stored (server/domain/payments/mcx-express.ts): `mismatch` and `kept` are the shop's to look at. */
export type McxChargeStatus = "pending" | "paid" | "failed" | "mismatch" | "kept";

export const shopperChargeState = (status: McxChargeStatus): McxChargeState =>
  status === "mismatch" || status === "kept" ? "review" : status;

/** AppyPay's response codes the shopper can act on (its reference's "Errors" table). */
export const MCX_CODES = { success: 100, pending: 101, noBalance: 209, expired: 210, timedOut: 211, declined: 231 } as const;

/**
 * What the shopper reads of a charge: the reason a failed one failed, in words they can act on; null for a pending or
 * paid one. `code` is AppyPay's (null: the gateway never confirmed it).
 */
export function chargeOutcomeText(status: McxChargeStatus, code: number | null): string | null {
  if (status === "pending" || status === "paid") return null;
  if (status === "mismatch" || status === "kept")
    return "Recebemos a resposta do Multicaixa Express, mas a loja tem de verificar este pagamento. Entraremos em contacto.";
  switch (code) {
    case MCX_CODES.noBalance:
      return "Saldo insuficiente. Carregue a conta ou escolha outro cartão na app e tente de novo.";
    case MCX_CODES.expired:
    case MCX_CODES.timedOut:
      return `O pagamento não foi aprovado a tempo: tem ${MCX_EXPRESS_APPROVAL_SECONDS} segundos para o aprovar na app.`;
    case MCX_CODES.declined:
      return "Recusou o pagamento na app Multicaixa Express.";
    case null:
      return "Não foi possível confirmar este pagamento com o Multicaixa Express. Se o valor saiu da sua conta, fale connosco.";
    default:
      return "O Multicaixa Express não concluiu o pagamento.";
  }
}

/** What the staff read of a stored charge's state. */
export const MCX_CHARGE_STATUS_LABELS: Readonly<Record<McxChargeStatus, string>> = {
  pending: "À espera de aprovação",
  paid: "Pago",
  failed: "Não pago",
  mismatch: "Divergente (não contou)",
  kept: "Pago com o pedido cancelado",
};
