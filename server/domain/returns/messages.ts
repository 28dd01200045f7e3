// What the shop tells the shopper at each step of a return (docs/product/returns.md#what-the-shopper-is-told): the
// chat line, and the one sentence the e-mail and WhatsApp/SMS carry.
import { shortOrderId } from "../../../shared/orders.ts";
import { RETURN_APPROVED, RETURN_CONCLUDED, RETURN_RECEIVED, RETURN_REFUSED, type ReturnResolution } from "../../../shared/returns.ts";

interface Facts {
  resolution: ReturnResolution;
  exchangeSize: string | null;
  lines: readonly { name: string; size: string; quantity: number }[];
}

const what = (f: Facts) => (f.resolution === "exchange" ? "troca" : "devolução");
const itemsOf = (f: Facts) => f.lines.map((l) => `${l.quantity} × ${l.name} (tamanho ${l.size})`).join("; ");

/** The chat line when the shopper asked. */
export const returnRequestedText = (f: Facts): string =>
  `Recebemos o seu pedido de ${what(f)}: ${itemsOf(f)}${
    f.resolution === "exchange" && f.exchangeSize ? `, pelo tamanho ${f.exchangeSize}` : ""
  }. Vamos analisá-lo e respondemos aqui.`;

/** The sentence of a step (chat, e-mail, WhatsApp/SMS); null for a status the shopper is not told of. */
export function returnStepText(f: Facts & { to: string; note: string | null; replacementOrderId: string | null }): string | null {
  const note = f.note?.trim();
  switch (f.to) {
    case RETURN_APPROVED:
      return f.resolution === "exchange"
        ? `A sua troca foi aprovada: reservámos o tamanho ${f.exchangeSize} para si${
            f.replacementOrderId ? `, que segue como o pedido #${shortOrderId(f.replacementOrderId)}` : ""
          }. Devolva os artigos como indica a nossa política de trocas e devoluções.`
        : "A sua devolução foi aprovada. Devolva os artigos como indica a nossa política de trocas e devoluções; avisamos quando os recebermos.";
    case RETURN_REFUSED:
      return `O seu pedido de ${what(f)} foi recusado.${note ? ` Motivo: ${note}` : ""}`;
    case RETURN_RECEIVED:
      return `Recebemos os artigos da sua ${what(f)}.${
        f.resolution === "refund" ? " Vamos concluir o reembolso." : ""
      }${note ? ` ${note}` : ""}`;
    case RETURN_CONCLUDED:
      return `A sua ${what(f)} foi concluída.${note ? ` ${note}` : ""}`;
    default:
      return null;
  }
}

/** The line in the replacement order's own chat (an exchange approved). */
export const replacementOrderText = (originalOrderId: string, size: string): string =>
  `Este pedido é a troca do pedido #${shortOrderId(originalOrderId)} pelo tamanho ${size}: já está pago e segue como qualquer pedido.`;
