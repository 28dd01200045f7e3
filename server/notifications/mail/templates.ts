// The e-mails Loja sends, in Portuguese (Angola), each with an HTML part (simple, inline-styled: mail clients
// ignore stylesheets) and a plain-text part. A mail is a list of blocks rendered twice, so both parts always say
// the same, and every value from outside (names, reasons, messages, settings) is HTML-escaped by construction.
// Mails are rendered when they are sent or previewed, from the facts their outbox row keeps (facts.ts).
import { formatDateTimeInText } from "../../../shared/dates.ts";
import { formatKz, type MoneyAmount } from "../../../shared/money.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { MULTICAIXA_LABELS, TRANSFER_DESCRIPTION_LABEL, groupedMulticaixaReference } from "../../../shared/payments.ts";
import type { DeliveryChoice } from "../../../shared/delivery.ts";
import { mailName } from "../../../shared/names.ts";
import {
  FISCAL_OVERDUE_HOURS,
  FISCAL_STATUS_LABELS,
  FISCAL_TYPE_LABELS,
  type FiscalDocumentStatus,
  type FiscalDocumentType,
} from "../../../shared/fiscal.ts";

export interface ShopContact {
  /** The shop's name; "Loja" when the settings carry none. */
  name?: string | null;
  phones: string[];
  emails: string[];
  bankName?: string;
  accountHolder?: string;
  accountNumber?: string;
  iban?: string;
}

export interface MailContext {
  shop: ShopContact;
  /** Public address of the storefront, e.g. https://loja.exemplo.ao (links are built on it). */
  baseUrl: string;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "quote"; text: string }
  | { kind: "facts"; rows: [label: string, value: string][] }
  | { kind: "items"; rows: string[] }
  | { kind: "button"; label: string; url: string };

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const shopName = (shop: ShopContact) => shop.name?.trim() || "Loja";

const link = (ctx: MailContext, pathAndQuery: string): string => `${ctx.baseUrl.replace(/\/+$/, "")}${pathAndQuery}`;

/** "25/11/2026 às 14:30" in Luanda's time: the shop's one date format (shared/dates.ts). */
export const formatLuandaDateTime = (date: Date): string => formatDateTimeInText(date);

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#222;";

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="${FONT}font-size:15px;line-height:1.5;margin:0 0 14px">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`;
    case "quote":
      return `<blockquote style="${FONT}font-size:15px;line-height:1.5;margin:0 0 14px;padding:8px 12px;border-left:3px solid #999;background:#f6f6f6">${escapeHtml(block.text).replace(/\n/g, "<br>")}</blockquote>`;
    case "facts":
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 14px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="${FONT}font-size:14px;padding:3px 12px 3px 0;color:#555">${escapeHtml(label)}</td><td style="${FONT}font-size:14px;padding:3px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "items":
      return `<ul style="${FONT}font-size:14px;line-height:1.5;margin:0 0 14px;padding-left:20px">${block.rows.map((row) => `<li>${escapeHtml(row)}</li>`).join("")}</ul>`;
    case "button":
      return `<p style="margin:18px 0"><a href="${escapeHtml(block.url)}" style="${FONT}display:inline-block;background:#111;color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px;font-size:15px">${escapeHtml(block.label)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "quote":
      return block.text
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n");
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "items":
      return block.rows.map((row) => `- ${row}`).join("\n");
    case "button":
      return `${block.label}: ${block.url}`;
  }
}

function contactLines(shop: ShopContact): string[] {
  const lines: string[] = [];
  if (shop.phones.length) lines.push(`Telefone: ${shop.phones.join(", ")}`);
  if (shop.emails.length) lines.push(`E-mail: ${shop.emails.join(", ")}`);
  return lines;
}

function render(ctx: MailContext, subject: string, blocks: Block[]): MailContent {
  const name = shopName(ctx.shop);
  const contacts = contactLines(ctx.shop);
  const html = `<!doctype html>
<html lang="pt-AO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f2f2">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f2f2f2"><tr><td align="center" style="padding:20px 10px">
<table role="presentation" width="100%" style="border-collapse:collapse;max-width:560px;background:#fff">
<tr><td style="${FONT}font-size:20px;font-weight:bold;padding:18px 24px;border-bottom:1px solid #eee">${escapeHtml(name)}</td></tr>
<tr><td style="padding:20px 24px">
${blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="${FONT}font-size:12px;color:#777;padding:14px 24px;border-top:1px solid #eee">${[name, ...contacts].map(escapeHtml).join("<br>")}</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${[...blocks.map(blockText)].join("\n\n")}\n\n--\n${[name, ...contacts].join("\n")}\n`;
  return { subject, html, text };
}

/**
 * A customer's name as every mail writes it (shared/names.ts): one line, at most 60 characters, and none at all
 * when it carries a link, an e-mail address or an IBAN (a name saved before the rule): the shop never mails a
 * stranger's "visit evil.example, pay to AO06 …" under its own name (docs/product/accounts.md#names).
 */
const customer = (name: string) => mailName(name) || "Cliente";
const hello = (name: string) => {
  const shown = mailName(name);
  return { kind: "paragraph", text: shown ? `Olá ${shown},` : "Olá," } as const;
};
const orderLabel = (orderId: string) => `#${shortOrderId(orderId)}`;
const ordersButton = (ctx: MailContext): Block => ({ kind: "button", label: "Ver os meus pedidos", url: link(ctx, "/orders") });
const chatButton = (ctx: MailContext, orderId: string): Block => ({
  kind: "button",
  label: "Abrir a conversa",
  url: link(ctx, `/message/${encodeURIComponent(orderId)}`),
});
// Staff alerts open the console (react-admin routes under /admin/#/).
const consoleButton = (ctx: MailContext, label: string, route: string): Block => ({
  kind: "button",
  label,
  url: link(ctx, `/admin/#${route}`),
});
const orderButton = (ctx: MailContext, orderId: string) =>
  consoleButton(ctx, "Abrir o pedido", `/orders/${encodeURIComponent(orderId)}/show`);

export interface MulticaixaReference {
  entity: string | number;
  reference: string;
  amount: MoneyAmount;
}

/** Where a bank transfer goes: the shop's account. */
export type BankAccount = Pick<ShopContact, "bankName" | "accountHolder" | "accountNumber" | "iban">;

/** What a bank-transfer (or Multicaixa) order still needs from the shopper. */
export interface PaymentDue {
  amountDue: MoneyAmount;
  paymentReference?: string | null;
  paymentDeadline?: Date | null;
  multicaixa?: MulticaixaReference | null;
  /** The account as it was when the mail's event happened; without it, the shop's current one. */
  bank?: BankAccount | null;
  /** The coupon the order was placed with: the amount to pay is after it (docs/product/coupons.md). */
  coupon?: OrderCoupon | null;
}

/** A coupon as an order's mails show it. */
export interface OrderCoupon {
  code: string;
  discount: MoneyAmount;
}

/** The discount line of an order placed with a coupon ("Desconto (NATAL10)", "−1 000,00 kz"). */
export const couponRows = (coupon: OrderCoupon | null | undefined): [string, string][] =>
  coupon ? [[`Desconto (${coupon.code})`, `−${formatKz(coupon.discount)}`]] : [];

/**
 * What to pay and how, in the payment page's order and names (docs/product/storefront.md#payment-page): the
 * Multicaixa reference first (it confirms the order by itself), then the bank transfer with the payment reference
 * as "Descritivo da transferência", so the two references never share the name "Referência".
 */
function paymentBlocks(ctx: MailContext, due: PaymentDue): Block[] {
  const blocks: Block[] = [];
  const facts: [string, string][] = [...couponRows(due.coupon), ["Valor a pagar", formatKz(due.amountDue)]];
  if (due.paymentDeadline) facts.push(["Prazo de pagamento", formatLuandaDateTime(due.paymentDeadline)]);
  blocks.push({ kind: "facts", rows: facts });
  if (due.multicaixa) {
    blocks.push({ kind: "paragraph", text: "Pague no Multicaixa Express ou num ATM (Pagamento por Referência):" });
    blocks.push({
      kind: "facts",
      rows: [
        [MULTICAIXA_LABELS.entity, String(due.multicaixa.entity)],
        [MULTICAIXA_LABELS.reference, groupedMulticaixaReference(due.multicaixa.reference)],
        [MULTICAIXA_LABELS.amount, formatKz(due.multicaixa.amount)],
      ],
    });
    blocks.push({ kind: "paragraph", text: "Pago por referência, o pedido é confirmado sozinho: não precisa de enviar comprovativo." });
  }
  const { bankName, accountHolder, accountNumber, iban } = due.bank ?? ctx.shop;
  const transfer = (
    [
      ["Banco", bankName],
      ["Titular", accountHolder],
      ["Número da conta", accountNumber],
      ["IBAN", iban],
      [TRANSFER_DESCRIPTION_LABEL, due.paymentReference],
    ] as [string, string | null | undefined][]
  ).filter((row): row is [string, string] => Boolean(row[1]));
  if (iban || accountNumber || due.paymentReference) {
    blocks.push({ kind: "paragraph", text: due.multicaixa ? "Ou por transferência bancária para:" : "Transferência bancária para:" });
    blocks.push({ kind: "facts", rows: transfer });
  }
  blocks.push({
    kind: "paragraph",
    text: due.paymentReference
      ? `Escreva "${due.paymentReference}" no descritivo da transferência: é por ele que identificamos o seu pagamento. Depois de transferir, envie o comprovativo na página do pedido.`
      : "Depois de transferir, envie o comprovativo na página do pedido.",
  });
  return blocks;
}

export interface OrderLineSummary {
  name: string;
  size?: string | null;
  quantity: number;
  price: MoneyAmount;
}

interface OrderPlaced extends Partial<PaymentDue> {
  orderId: string;
  customerName: string;
  lines: OrderLineSummary[];
  subtotal: MoneyAmount;
  deliveryFee: MoneyAmount;
  total: MoneyAmount;
  /** The delivery chosen (orders placed before delivery options have none). */
  delivery?: DeliveryChoice;
}

/** The delivery chosen, as the order's mails and pages say it (docs/product/checkout.md#delivery). */
export const deliveryRows = (d: DeliveryChoice | undefined): [string, string][] =>
  !d
    ? []
    : d.kind === "pickup"
      ? [
          ["Levantamento", `${d.name}${d.eta ? ` (${d.eta})` : ""}`],
          ...(d.address ? [["Morada de levantamento", d.address] as [string, string]] : []),
          ...(d.hours ? [["Horário", d.hours] as [string, string]] : []),
        ]
      : [["Entrega", `${d.name}${d.eta ? ` (${d.eta})` : ""}`]];

const lineText = (line: OrderLineSummary) =>
  `${line.quantity} × ${line.name}${line.size ? ` (${line.size})` : ""} — ${formatKz(Number(line.price.toFixed(2)) * line.quantity)}`;

interface OrderRef {
  orderId: string;
  customerName: string;
}

interface SupportReply {
  /** The reply's text; null for an attachment alone. */
  text: string | null;
  hasAttachment?: boolean;
  at: Date;
}

const RESET_TOKEN_MINUTES = 30;

/**
 * A kind of mail: its subject from its facts alone (kept with the outbox row, so the console lists and searches it
 * without rendering) and its body from its facts and the shop's context (rendered when it is sent or previewed).
 */
interface Template<Facts> {
  subject(facts: Facts): string;
  blocks(ctx: MailContext, facts: Facts): Block[];
}
const template = <Facts>(t: Template<Facts>): Template<Facts> => t;

/** Every mail Loja sends, by the kind its outbox row names. */
const TEMPLATES = {
  "order-placed": template<OrderPlaced>({
    subject: (order) => `Pedido ${orderLabel(order.orderId)} recebido`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      { kind: "paragraph", text: `Recebemos o seu pedido ${orderLabel(order.orderId)}. Obrigado pela sua compra!` },
      { kind: "items", rows: order.lines.map(lineText) },
      {
        kind: "facts",
        rows: [
          ["Subtotal", formatKz(order.subtotal)],
          ["Taxa de envio", formatKz(order.deliveryFee)],
          ...couponRows(order.coupon),
          ["Total", formatKz(order.total)],
          ...deliveryRows(order.delivery),
        ],
      },
      // The discount is in the order's figures above: the payment block does not repeat it.
      ...(order.amountDue !== undefined ? paymentBlocks(ctx, { ...(order as PaymentDue), coupon: null }) : []),
      ordersButton(ctx),
    ],
  }),

  "proof-received": template<OrderRef>({
    subject: (order) => `Comprovativo recebido — pedido ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      {
        kind: "paragraph",
        text: `Recebemos o comprovativo de pagamento do pedido ${orderLabel(order.orderId)}. Vamos confirmá-lo e avisamos assim que o pagamento for confirmado.`,
      },
      ordersButton(ctx),
    ],
  }),

  "payment-confirmed": template<OrderRef & { amountPaid?: MoneyAmount }>({
    subject: (order) => `Pagamento confirmado — pedido ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      {
        kind: "paragraph",
        text: `Confirmámos o pagamento do pedido ${orderLabel(order.orderId)}${order.amountPaid !== undefined ? ` (${formatKz(order.amountPaid)})` : ""}. Vamos preparar o seu pedido.`,
      },
      ordersButton(ctx),
    ],
  }),

  "order-shipped": template<OrderRef & { shipment?: string[]; pickup?: boolean }>({
    subject: (order) => `Pedido ${orderLabel(order.orderId)} ${order.pickup ? "pronto para levantar" : "enviado"}`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      {
        kind: "paragraph",
        text: order.pickup
          ? `O seu pedido ${orderLabel(order.orderId)} está pronto para levantar (estado: Enviado).`
          : `O seu pedido ${orderLabel(order.orderId)} foi enviado (estado: Enviado). Em breve chega à morada indicada.`,
      },
      // What staff said at dispatch (docs/product/orders.md#dispatch).
      ...(order.shipment?.length ? [{ kind: "items" as const, rows: order.shipment }] : []),
      ordersButton(ctx),
    ],
  }),

  "order-delivered": template<OrderRef>({
    subject: (order) => `Pedido ${orderLabel(order.orderId)} entregue`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      { kind: "paragraph", text: `O seu pedido ${orderLabel(order.orderId)} foi entregue. Obrigado por comprar connosco!` },
      ordersButton(ctx),
    ],
  }),

  /** The order's fatura-recibo or nota de crédito was issued (docs/product/fiscal-documents.md): its number, on /orders. */
  "fiscal-document-issued": template<OrderRef & { type: FiscalDocumentType; number: string | null }>({
    subject: (doc) => `${FISCAL_TYPE_LABELS[doc.type]}${doc.number ? ` ${doc.number}` : ""} — pedido ${orderLabel(doc.orderId)}`,
    blocks: (ctx, doc) => [
      hello(doc.customerName),
      {
        kind: "paragraph",
        text: `Foi emitida a ${FISCAL_TYPE_LABELS[doc.type].toLowerCase()}${doc.number ? ` ${doc.number}` : ""} do seu pedido ${orderLabel(doc.orderId)}. Pode descarregá-la (PDF) nos seus pedidos.`,
      },
      ordersButton(ctx),
    ],
  }),

  /** A step of the shopper's return or exchange (docs/product/returns.md#what-the-shopper-is-told). */
  "return-update": template<OrderRef & { status: string; text: string }>({
    subject: (r) => `Troca ou devolução ${r.status.toLowerCase()} — pedido ${orderLabel(r.orderId)}`,
    blocks: (ctx, r) => [hello(r.customerName), { kind: "paragraph", text: r.text }, chatButton(ctx, r.orderId)],
  }),

  /** Staff asked for an amount after the order (docs/product/payment-requests.md): what for, and how to pay it. */
  "payment-request": template<OrderRef & PaymentDue & { reason: string }>({
    subject: (order) => `Pedido de pagamento — pedido ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      {
        kind: "paragraph",
        text: `Pedimos o pagamento de ${formatKz(order.amountDue)} no pedido ${orderLabel(order.orderId)}: ${order.reason}.${order.paymentDeadline ? ` Pode pagar até ${formatLuandaDateTime(order.paymentDeadline)}.` : ""}`,
      },
      ...paymentBlocks(ctx, order),
      chatButton(ctx, order.orderId),
    ],
  }),

  "payment-reminder": template<OrderRef & PaymentDue>({
    subject: (order) => `Lembrete: pagamento do pedido ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      {
        kind: "paragraph",
        text: `Ainda não recebemos o pagamento do pedido ${orderLabel(order.orderId)}.${order.paymentDeadline ? ` Se não for pago até ${formatLuandaDateTime(order.paymentDeadline)}, o pedido é cancelado.` : ""}`,
      },
      ...paymentBlocks(ctx, order),
      ordersButton(ctx),
    ],
  }),

  "order-cancelled": template<OrderRef & { reason: string }>({
    subject: (order) => `Pedido ${orderLabel(order.orderId)} cancelado`,
    blocks: (ctx, order) => [
      hello(order.customerName),
      { kind: "paragraph", text: `O seu pedido ${orderLabel(order.orderId)} foi cancelado.` },
      { kind: "facts", rows: [["Motivo", order.reason]] },
      { kind: "paragraph", text: "Se tiver dúvidas, responda na conversa do pedido ou contacte-nos." },
      chatButton(ctx, order.orderId),
    ],
  }),

  /** Replies sent while the shopper had no page open, joined in one e-mail. */
  "support-replies": template<OrderRef & { replies: SupportReply[] }>({
    subject: (conversation) =>
      conversation.replies.length === 1
        ? `Nova resposta sobre o pedido ${orderLabel(conversation.orderId)}`
        : `${conversation.replies.length} novas respostas sobre o pedido ${orderLabel(conversation.orderId)}`,
    blocks: (ctx, conversation) => [
      hello(conversation.customerName),
      { kind: "paragraph", text: `O suporte respondeu sobre o seu pedido ${orderLabel(conversation.orderId)}:` },
      ...conversation.replies.map((reply): Block => ({
        kind: "quote",
        text: `${formatLuandaDateTime(reply.at)}\n${[reply.text ?? "", reply.hasAttachment ? "(anexo)" : ""].filter(Boolean).join("\n")}`,
      })),
      chatButton(ctx, conversation.orderId),
    ],
  }),

  /** A signed-in shopper's cart left untouched (docs/product/notifications.md#abandoned-cart): once per contents. */
  "cart-reminder": template<{ customerName: string; lines: OrderLineSummary[] }>({
    subject: () => "Deixou artigos no seu carrinho",
    blocks: (ctx, cart) => [
      hello(cart.customerName),
      { kind: "paragraph", text: "Guardámos o seu carrinho. Ainda tem estes artigos à sua espera:" },
      { kind: "items", rows: cart.lines.map(lineText) },
      { kind: "paragraph", text: "Os preços e a disponibilidade confirmam-se quando fizer o pedido." },
      { kind: "button", label: "Ver o carrinho", url: link(ctx, "/cart") },
    ],
  }),

  "password-reset": template<{ customerName: string; token: string }>({
    subject: () => "Redefinir a sua palavra-passe",
    blocks: (ctx, request) => [
      hello(request.customerName),
      {
        kind: "paragraph",
        text: "Recebemos um pedido para redefinir a palavra-passe da sua conta. Use o botão abaixo para escolher uma nova palavra-passe.",
      },
      { kind: "button", label: "Redefinir a palavra-passe", url: link(ctx, `/reset-password?token=${encodeURIComponent(request.token)}`) },
      {
        kind: "paragraph",
        text: `O link é válido durante ${RESET_TOKEN_MINUTES} minutos e só pode ser usado uma vez. Se não pediu esta alteração, ignore este e-mail: a sua palavra-passe continua a mesma.`,
      },
    ],
  }),

  "staff-new-order": template<OrderRef & { total: MoneyAmount; paymentMethod: string }>({
    subject: (order) => `Novo pedido ${orderLabel(order.orderId)} — ${formatKz(order.total)}`,
    blocks: (ctx, order) => [
      { kind: "paragraph", text: `Chegou um novo pedido ${orderLabel(order.orderId)}.` },
      {
        kind: "facts",
        rows: [
          ["Cliente", customer(order.customerName)],
          ["Total", formatKz(order.total)],
          ["Pagamento", order.paymentMethod],
        ],
      },
      orderButton(ctx, order.orderId),
    ],
  }),

  /** Money arrived (Multicaixa) for an order already cancelled: it is the shopper's, and staff must give it back. */
  "staff-payment-on-cancelled": template<OrderRef & { amount: MoneyAmount; reference: string }>({
    subject: (order) => `Pagamento recebido para um pedido cancelado — ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      {
        kind: "paragraph",
        text: `${customer(order.customerName)} pagou ${formatKz(order.amount)} por Multicaixa (referência ${order.reference}) depois de o pedido ${orderLabel(order.orderId)} ter sido cancelado. O valor não conta para o pedido: devolva-o ao cliente.`,
      },
      orderButton(ctx, order.orderId),
    ],
  }),

  /**
   * Money arrived (Multicaixa reference, Multicaixa Express) for a payment request that could no longer take it
   * (cancelled, expired, already paid) while the order lives on: it is the shopper's, and staff must give it back.
   */
  "staff-payment-on-closed-request": template<OrderRef & { amount: MoneyAmount; reference: string; why: string }>({
    subject: (order) => `Pagamento recebido para um pedido de pagamento fechado — ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      {
        kind: "paragraph",
        text: `${customer(order.customerName)} pagou ${formatKz(order.amount)} (${order.reference}) para um pedido de pagamento do pedido ${orderLabel(order.orderId)} que já não podia ser pago. O pedido continua ativo; este valor não conta para ele: devolva-o ao cliente.`,
      },
      { kind: "facts", rows: [["Motivo", order.why]] },
      orderButton(ctx, order.orderId),
    ],
  }),

  /** Money arrived (Multicaixa) that matches no order, or that could not be read: kept, and staff must trace it. */
  "staff-multicaixa-unmatched": template<{ paymentId: string; reference: string | null; amount: MoneyAmount | null }>({
    subject: (payment) => `Pagamento Multicaixa sem pedido — ${payment.paymentId}`,
    blocks: (_ctx, payment) => [
      {
        kind: "paragraph",
        text: `A ProxyPay comunicou um pagamento Multicaixa que não corresponde a nenhum pedido da loja. Foi guardado: identifique o cliente e devolva ou atribua o valor.`,
      },
      {
        kind: "facts",
        rows: [
          ["Pagamento ProxyPay", payment.paymentId],
          ["Referência", payment.reference ?? "ilegível"],
          ["Montante", payment.amount === null ? "ilegível" : formatKz(payment.amount)],
        ],
      },
    ],
  }),

  /**
   * A Multicaixa Express charge staff must look at (docs/product/orders.md#multicaixa-express): AppyPay said it
   * succeeded for another amount or transaction (not counted), or it was still unknown to AppyPay after a day.
   */
  "staff-mcx-express-charge": template<
    OrderRef & {
      problem: "mismatch" | "unconfirmed";
      amount: MoneyAmount;
      gatewayAmount: MoneyAmount | null;
      gatewayId: string | null;
      phone: string;
    }
  >({
    subject: (c) =>
      c.problem === "mismatch"
        ? `Multicaixa Express divergente — pedido ${orderLabel(c.orderId)}`
        : `Multicaixa Express por confirmar há um dia — pedido ${orderLabel(c.orderId)}`,
    blocks: (ctx, c) => [
      {
        kind: "paragraph",
        text:
          c.problem === "mismatch"
            ? `A AppyPay confirmou um pagamento Multicaixa Express do pedido ${orderLabel(c.orderId)} (${customer(c.customerName)}) que não corresponde ao que a loja pediu. Não foi contado: verifique-o no portal da AppyPay e devolva-o ou registe-o à mão.`
            : `Um pagamento Multicaixa Express do pedido ${orderLabel(c.orderId)} (${customer(c.customerName)}) continua sem resposta da AppyPay um dia depois. Foi dado como não pago: verifique-o no portal da AppyPay e, se foi cobrado, registe-o à mão.`,
      },
      {
        kind: "facts",
        rows: [
          ["Pedido pela loja", formatKz(c.amount)],
          ...(c.gatewayAmount !== null ? [["Confirmado pela AppyPay", formatKz(c.gatewayAmount)] as [string, string]] : []),
          ["Telemóvel", c.phone],
          ["Cobrança AppyPay", c.gatewayId ?? "sem id"],
        ],
      },
      orderButton(ctx, c.orderId),
    ],
  }),

  /** An order holding money reached its payment deadline and was kept: staff settle the rest or refund. */
  "staff-deadline-with-money": template<OrderRef & { paid: MoneyAmount; total: MoneyAmount }>({
    subject: (order) => `Prazo expirado com pagamento parcial — ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      {
        kind: "paragraph",
        text: `O prazo de pagamento do pedido ${orderLabel(order.orderId)} (${customer(order.customerName)}) expirou com ${formatKz(order.paid)} de ${formatKz(order.total)} recebidos. O pedido não foi cancelado: combine com o cliente o resto do pagamento ou cancele-o e registe a devolução.`,
      },
      orderButton(ctx, order.orderId),
    ],
  }),

  /**
   * An order was paid after its unpaid stock hold ended, and some of its units had been sold meanwhile
   * (docs/product/orders.md#stock): staff restock or settle it with the shopper.
   */
  "staff-paid-without-stock": template<OrderRef & { lines: { name: string; size: string; quantity: number }[] }>({
    subject: (order) => `Pedido pago sem stock — ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      {
        kind: "paragraph",
        text: `O pedido ${orderLabel(order.orderId)} (${order.customerName}) foi pago depois de terminada a reserva de stock, e já não há unidades destes artigos. Reponha o stock ou combine com o cliente uma troca ou a devolução.`,
      },
      { kind: "facts", rows: order.lines.map((l) => [`${l.name} (${l.size})`, `${l.quantity} em falta`] as [string, string]) },
      orderButton(ctx, order.orderId),
    ],
  }),

  "staff-new-proof": template<OrderRef & { amountDue?: MoneyAmount }>({
    subject: (order) => `Novo comprovativo — pedido ${orderLabel(order.orderId)}`,
    blocks: (ctx, order) => [
      {
        kind: "paragraph",
        text: `${customer(order.customerName)} enviou um comprovativo de pagamento para o pedido ${orderLabel(order.orderId)}. Verifique-o no extrato e aceite ou recuse.`,
      },
      ...(order.amountDue !== undefined ? [{ kind: "facts", rows: [["Valor em falta", formatKz(order.amountDue)]] } as Block] : []),
      orderButton(ctx, order.orderId),
    ],
  }),

  /** A shopper asked to return or exchange delivered items (docs/product/returns.md#staff): someone approves or refuses. */
  "staff-return-requested": template<OrderRef & { returnId: string; what: string; lines: string[] }>({
    subject: (r) => `Pedido de ${r.what} — pedido ${orderLabel(r.orderId)}`,
    blocks: (ctx, r) => [
      { kind: "paragraph", text: `${customer(r.customerName)} pediu uma ${r.what} do pedido ${orderLabel(r.orderId)}:` },
      { kind: "items", rows: r.lines },
      consoleButton(ctx, "Ver a devolução", `/returns/${encodeURIComponent(r.returnId)}/show`),
    ],
  }),

  /** A fiscal document still not issued a day after it was asked for (docs/product/fiscal-documents.md): an admin acts. */
  "staff-fiscal-overdue": template<OrderRef & { type: FiscalDocumentType; status: string; lastError: string | null }>({
    subject: (doc) => `${FISCAL_TYPE_LABELS[doc.type]} por emitir há mais de ${FISCAL_OVERDUE_HOURS} h — pedido ${orderLabel(doc.orderId)}`,
    blocks: (ctx, doc) => [
      {
        kind: "paragraph",
        text: `A ${FISCAL_TYPE_LABELS[doc.type].toLowerCase()} do pedido ${orderLabel(doc.orderId)} (${customer(doc.customerName)}) foi pedida há mais de ${FISCAL_OVERDUE_HOURS} horas e ainda não foi emitida. Veja o erro em Documentos fiscais: tente de novo ou anexe o documento emitido no portal da AGT.`,
      },
      {
        kind: "facts",
        rows: [
          ["Estado", doc.status in FISCAL_STATUS_LABELS ? FISCAL_STATUS_LABELS[doc.status as FiscalDocumentStatus] : doc.status],
          ...(doc.lastError ? [["Último erro", doc.lastError] as [string, string]] : []),
        ],
      },
      consoleButton(ctx, "Ver documentos fiscais", "/fiscal-documents"),
    ],
  }),

  /**
   * Where shoppers pay or reach the shop changed (docs/product/notifications.md#staff-alerts): every admin hears of
   * it at their own address too, so a change nobody made (a stolen password) does not go unseen.
   */
  "staff-settings-changed": template<{ by: string; fields: string[]; bank: boolean; at: Date }>({
    subject: (change) => (change.bank ? "Os dados bancários da loja foram alterados" : "Os contactos da loja foram alterados"),
    blocks: (ctx, change) => [
      {
        kind: "paragraph",
        text: `${change.by} alterou ${change.bank ? "os dados bancários da loja" : "os contactos da loja"} em ${formatLuandaDateTime(change.at)}. ${change.bank ? "Os clientes passam a ver os novos dados para pagar." : ""}`.trim(),
      },
      { kind: "facts", rows: [["Alterado", change.fields.join(", ")]] },
      {
        kind: "paragraph",
        text: "Se não reconhece esta alteração, entre na consola, reponha os dados em Definições e mude a sua palavra-passe.",
      },
      consoleButton(ctx, "Ver as definições", "/settings/1"),
    ],
  }),

  "staff-message-waiting": template<OrderRef & { text: string | null; hasAttachment?: boolean }>({
    subject: (message) => `Mensagem à espera — pedido ${orderLabel(message.orderId)}`,
    blocks: (ctx, message) => [
      {
        kind: "paragraph",
        text: `${customer(message.customerName)} escreveu sobre o pedido ${orderLabel(message.orderId)} e não há ninguém do suporte ligado:`,
      },
      { kind: "quote", text: [message.text ?? "", message.hasAttachment ? "(anexo)" : ""].filter(Boolean).join("\n") },
      consoleButton(ctx, "Responder", `/conversations/${encodeURIComponent(message.orderId)}/show`),
    ],
  }),
};

export type MailKind = keyof typeof TEMPLATES;
/** What a mail of `Kind` states: the values its template is rendered from. */
export type MailFacts<Kind extends MailKind> = (typeof TEMPLATES)[Kind] extends Template<infer Facts> ? Facts : never;

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(TEMPLATES, kind);

export const mailSubject = <Kind extends MailKind>(kind: Kind, facts: MailFacts<Kind>): string =>
  (TEMPLATES[kind] as Template<MailFacts<Kind>>).subject(facts);

export function renderMail<Kind extends MailKind>(ctx: MailContext, kind: Kind, facts: MailFacts<Kind>): MailContent {
  const { subject, blocks } = TEMPLATES[kind] as Template<MailFacts<Kind>>;
  return render(ctx, subject(facts), blocks(ctx, facts));
}

export const orderPlacedMail = (ctx: MailContext, order: MailFacts<"order-placed">) => renderMail(ctx, "order-placed", order);
export const proofReceivedMail = (ctx: MailContext, order: MailFacts<"proof-received">) => renderMail(ctx, "proof-received", order);
export const paymentConfirmedMail = (ctx: MailContext, order: MailFacts<"payment-confirmed">) =>
  renderMail(ctx, "payment-confirmed", order);
export const orderShippedMail = (ctx: MailContext, order: MailFacts<"order-shipped">) => renderMail(ctx, "order-shipped", order);
export const orderDeliveredMail = (ctx: MailContext, order: MailFacts<"order-delivered">) => renderMail(ctx, "order-delivered", order);
export const paymentReminderMail = (ctx: MailContext, order: MailFacts<"payment-reminder">) => renderMail(ctx, "payment-reminder", order);
export const orderCancelledMail = (ctx: MailContext, order: MailFacts<"order-cancelled">) => renderMail(ctx, "order-cancelled", order);
export const supportRepliesMail = (ctx: MailContext, conversation: MailFacts<"support-replies">) =>
  renderMail(ctx, "support-replies", conversation);
export const passwordResetMail = (ctx: MailContext, request: MailFacts<"password-reset">) => renderMail(ctx, "password-reset", request);
export const staffNewOrderMail = (ctx: MailContext, order: MailFacts<"staff-new-order">) => renderMail(ctx, "staff-new-order", order);
export const staffNewProofMail = (ctx: MailContext, order: MailFacts<"staff-new-proof">) => renderMail(ctx, "staff-new-proof", order);
export const staffMessageWaitingMail = (ctx: MailContext, message: MailFacts<"staff-message-waiting">) =>
  renderMail(ctx, "staff-message-waiting", message);
