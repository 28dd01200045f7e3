// What the shop itself writes in an order's chat when something happens to the order's money or status
// (docs/product/orders.md#shop-messages). Amounts through formatKz, so the chat shows the very strings the storefront does.
import { formatKz, type MoneyAmount } from "../../../shared/money.ts";
import { formatDateTimeInText } from "../../../shared/dates.ts";
import { shownBankReference } from "../payments/statement-lines.ts";

export const statusChangedText = (status: string, reason?: string | null): string =>
  `O estado do pedido mudou para: ${status}${reason?.trim() ? `. Motivo: ${reason.trim()}` : ""}`;

export function paymentRecordedText(amount: MoneyAmount, bankReference: string, remaining: number): string {
  const head = `Recebemos ${formatKz(amount)} (ref. ${shownBankReference(bankReference)}).`;
  return remaining > 0.005 ? `${head} Falta pagar ${formatKz(remaining)}.` : `${head} Pagamento confirmado.`;
}

/** A payment support recorded "por confirmar": in the ledger, counted once the bank statement or an admin confirms it. */
export const paymentPendingText = (amount: MoneyAmount, bankReference: string): string =>
  `Registámos ${formatKz(amount)} (ref. ${shownBankReference(bankReference)}). Falta a confirmação do banco: avisamos assim que o pagamento for confirmado.`;

/** Money that reached an order after it was cancelled: the shopper learns it was seen and will be given back. */
export const paymentOnCancelledText = (amount: MoneyAmount, bankReference: string): string =>
  `Recebemos ${formatKz(amount)} (ref. ${shownBankReference(bankReference)}) depois de este pedido ter sido cancelado. Este valor não conta para o pedido: a equipa da loja vai contactá-lo para o devolver.`;

/** The internal note staff find on the order for the same money. */
export const paymentOnCancelledNote = (amount: MoneyAmount, bankReference: string, paymentId: string): string =>
  `Pagamento de ${formatKz(amount)} recebido depois do cancelamento (ref. ${bankReference}, pagamento ProxyPay ${paymentId}). Não conta para o pedido: devolva-o ao cliente.`;

/** "este pedido de pagamento foi cancelado": why a request could not take the money, inside a sentence. */
const inSentence = (why: string): string => `${why.charAt(0).toLowerCase()}${why.slice(1)}`;

/**
 * Money for a payment request that could no longer take it (cancelled, expired, already paid) while the order lives on
 * (docs/product/payment-requests.md#money-for-a-closed-request): the shopper learns it was seen and will be given back.
 */
export const paymentOnClosedRequestText = (amount: MoneyAmount, bankReference: string, why: string): string =>
  `Recebemos ${formatKz(amount)} (ref. ${shownBankReference(bankReference)}) para um pedido de pagamento que já não podia ser pago (${inSentence(why)}). Este valor não conta para o pedido: a equipa da loja vai contactá-lo para o devolver.`;

/** Staff's note on the order for the same money. */
export const paymentOnClosedRequestNote = (amount: MoneyAmount, bankReference: string, why: string): string =>
  `Pagamento de ${formatKz(amount)} recebido (ref. ${bankReference}) para um pedido de pagamento que já não podia ser pago (${inSentence(why)}). Não conta para o pedido: devolva-o ao cliente.`;

/** The deadline passed with part of the money received: the order is kept, and the shopper told what comes next. */
export const overdueWithMoneyText = (paid: MoneyAmount, due: MoneyAmount): string =>
  `O prazo de pagamento terminou, mas já recebemos ${formatKz(paid)}. O pedido não foi cancelado: falta pagar ${formatKz(due)}. A equipa da loja vai contactá-lo para combinar o resto do pagamento ou a devolução do valor.`;

export const overdueWithMoneyNote = (paid: MoneyAmount, due: MoneyAmount): string =>
  `Prazo de pagamento expirado com ${formatKz(paid)} recebidos (falta ${formatKz(due)}). O pedido não foi cancelado: combine o resto com o cliente, ou cancele-o e registe a devolução.`;

/** The deadline passed while a payment staff recorded still awaits the bank's confirmation: the order is kept. */
export const overdueUnconfirmedText = (unconfirmed: MoneyAmount): string =>
  `O prazo de pagamento terminou, mas registámos ${formatKz(unconfirmed)} que aguardam a confirmação do banco. O pedido não foi cancelado: avisamos assim que o pagamento for confirmado.`;

export const overdueUnconfirmedNote = (unconfirmed: MoneyAmount, paid: MoneyAmount, due: MoneyAmount): string =>
  `Prazo de pagamento expirado com ${formatKz(unconfirmed)} por confirmar (e ${formatKz(paid)} recebidos; falta ${formatKz(due)}). O pedido não foi cancelado: confirme o pagamento pelo extrato ou aprove-o, ou cancele o pedido.`;

export const refundText = (amount: MoneyAmount, bankReference: string | null): string =>
  bankReference
    ? `Devolvemos ${formatKz(amount)} (ref. ${bankReference}).`
    : `Vamos devolver ${formatKz(amount)}: a equipa da loja vai contactá-lo para combinar a devolução.`;

export const proofAcceptedText = "O seu comprovativo de pagamento foi aceite.";
export const proofRefusedText = (reason: string): string => `O seu comprovativo de pagamento foi recusado. Motivo: ${reason}`;

/** Luanda's time, the shop's one date format (shared/dates.ts). */
const formatDeadline = (at: Date): string => formatDateTimeInText(at);

export const reminderText = (due: MoneyAmount, reference: string | null, deadline: Date): string =>
  `Lembrete: o prazo para pagar ${formatKz(due)}${reference ? ` (ref. ${reference})` : ""} termina ${formatDeadline(deadline)}.`;

/**
 * The unpaid order's stock hold ended (docs/product/orders.md#stock): its units went back on sale; paying still
 * settles it while there are units left.
 */
export const holdEndedText = (deadline: Date | null): string =>
  `A reserva dos artigos deste pedido terminou e eles voltaram a estar à venda. ${
    deadline ? `Ainda pode pagar até ${formatDeadline(deadline)} (hora de Angola): ` : "Ainda pode pagar: "
  }os artigos são reservados de novo para si quando o pagamento for confirmado, se ainda houver stock.`;

/** What staff find on an order paid after its hold ended, for the lines whose units were gone by then. */
export const paidWithoutStockNote = (lines: readonly { name: string; size: string; quantity: number }[]): string =>
  `Pago depois de terminada a reserva de stock, e já sem unidades de: ${lines
    .map((l) => `"${l.name}" tamanho ${l.size} × ${l.quantity}`)
    .join("; ")}. Reponha o stock ou combine com o cliente uma troca ou a devolução.`;
