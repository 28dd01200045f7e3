// What the shop says on WhatsApp and by SMS (docs/product/notifications.md#whatsapp-and-sms). A row keeps the event's
// facts (as an e-mail row does); the sender renders them here when it sends: a WhatsApp template's name and its
// {{n}} parameters, or one SMS text. The README's template list is this file's WHATSAPP_TEMPLATES, ready to submit
// to Meta (language pt_PT, category utility).
import { formatKz, type MoneyAmount } from "../../../shared/money.ts";
import { luandaDateTime } from "../../../shared/messaging.ts";
import { shortOrderId } from "../../../shared/orders.ts";

/** The language every template is submitted and sent in. */
export const TEMPLATE_LANGUAGE = "pt_PT";

/** What a phone message can be about. */
export type PhoneKind = "order-placed" | "payment-confirmed" | "order-shipped" | "support-replies" | "payment-reminder";
export const PHONE_KINDS: readonly PhoneKind[] = [
  "order-placed",
  "payment-confirmed",
  "order-shipped",
  "support-replies",
  "payment-reminder",
];
export const isPhoneKind = (kind: string): kind is PhoneKind => (PHONE_KINDS as readonly string[]).includes(kind);

/** The facts a phone message states, kept in its outbox row. */
export interface PhoneFacts {
  orderId: string;
  /** The shopper's first name. */
  firstName: string;
  /** order-placed, payment-reminder: what is left to pay; payment-confirmed: what was paid. */
  amount?: MoneyAmount;
  /** Bank transfer: the transfer's description and the deadline. Null for a card order. */
  paymentReference?: string | null;
  paymentDeadline?: Date | null;
  /** Multicaixa entity and reference, when the order has one. */
  multicaixa?: { entity: string; reference: string } | null;
  /** The shop's IBAN as it was (the SMS's short form). */
  iban?: string | null;
}

export interface TemplateDefinition {
  name: string;
  /** What it is for (the README's table). */
  purpose: string;
  /** The body as submitted to Meta; {{n}} are filled in order. */
  body: string;
  /** What each {{n}} is. */
  params: readonly string[];
}

/**
 * Every template, as the README lists them for approval (category utility, language pt_PT). Meta refuses a body that
 * starts or ends with a parameter, or has one without text around it; parameters carry no line breaks.
 */
export const WHATSAPP_TEMPLATES = {
  placed: {
    name: "loja_pedido_recebido",
    purpose: "order placed, bank transfer",
    body: "Olá {{1}}! Recebemos o seu pedido #{{2}}. Pague {{3}} até {{4}} (hora de Angola) por {{5}}. Veja como pagar em {{6}} e envie lá o comprovativo.",
    params: [
      "first name",
      "order number",
      "amount",
      "deadline",
      "how to pay (Multicaixa entity and reference, and/or the transfer's description)",
      "link to the payment page",
    ],
  },
  placedCard: {
    name: "loja_pedido_recebido_cartao",
    purpose: "order placed, card",
    body: "Olá {{1}}! Recebemos o seu pedido #{{2}} de {{3}}. Avisamos assim que o pagamento for confirmado.",
    params: ["first name", "order number", "amount"],
  },
  paid: {
    name: "loja_pagamento_confirmado",
    purpose: "payment confirmed",
    body: "Olá {{1}}! Confirmámos o pagamento de {{2}} do pedido #{{3}}. Avisamos quando for enviado.",
    params: ["first name", "amount paid", "order number"],
  },
  shipped: {
    name: "loja_pedido_enviado",
    purpose: "dispatched",
    body: "Olá {{1}}! O seu pedido #{{2}} foi enviado. Acompanhe-o em {{3}} ou responda a esta mensagem.",
    params: ["first name", "order number", "link to the orders page"],
  },
  replied: {
    name: "loja_resposta_suporte",
    purpose: "support replied while the shopper was away (one per digest)",
    body: "Olá {{1}}! O suporte respondeu sobre o pedido #{{2}}. Leia a resposta em {{3}} ou responda a esta mensagem.",
    params: ["first name", "order number", "link to the order's chat"],
  },
  reminder: {
    name: "loja_lembrete_pagamento",
    purpose: "payment deadline reminder",
    body: "Olá {{1}}! O pedido #{{2}} aguarda o pagamento de {{3}} até {{4}} (hora de Angola), por {{5}}. Veja como pagar em {{6}} e envie lá o comprovativo.",
    params: ["first name", "order number", "amount left", "deadline", "how to pay", "link to the payment page"],
  },
} as const satisfies Record<string, TemplateDefinition>;

export interface PhoneMessage {
  template: { name: string; params: string[] };
  sms: string;
}

/** One SMS segment in GSM-7. */
export const SMS_SEGMENT = 160;

/**
 * Text an SMS can carry in GSM-7 (one segment is 160 characters; a single character outside it makes a segment 70):
 * accents dropped (ã, ç, á are not in GSM-7), the money's thin spaces as spaces.
 */
export function smsSafe(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[–—]/g, "-")
    .replace(/…/g, "...");
}

const firstNameOf = (name: string) => name.trim() || "cliente";
const groupedReference = (reference: string) => reference.replace(/(\d{3})(?=\d)/g, "$1 ");
/** The IBAN's short form for an SMS: its last 8 characters. */
const ibanTail = (iban: string) => iban.replace(/\s+/g, "").slice(-8);

/** How to pay, in one line (a template parameter has no line breaks). */
function howToPay(f: PhoneFacts): string {
  const transfer = f.paymentReference ? `transferência com o descritivo ${f.paymentReference}` : "transferência";
  return f.multicaixa
    ? `Multicaixa (Entidade ${f.multicaixa.entity}, Referência ${groupedReference(f.multicaixa.reference)}) ou ${transfer}`
    : transfer;
}

/** The SMS's payment part: amount, Multicaixa or the IBAN's short form, the description, the deadline. */
function smsPayment(f: PhoneFacts, id: string): string {
  const deadline = f.paymentDeadline ? ` ate ${luandaDateTime(f.paymentDeadline).replace(" às ", " ")}` : "";
  const where = f.multicaixa ? `Multicaixa Ent ${f.multicaixa.entity} Ref ${f.multicaixa.reference}` : `IBAN ...${ibanTail(f.iban ?? "")}`;
  return `Pedido #${id}: pague ${formatKz(f.amount ?? 0)}${deadline}. ${where}. Descritivo ${f.paymentReference ?? id}`;
}

/** The message of a stored row, with links on `baseUrl` (PUBLIC_URL) and the shop's name as of now. */
export function renderPhoneMessage(kind: PhoneKind, f: PhoneFacts, ctx: { baseUrl: string; shopName: string }): PhoneMessage {
  const id = shortOrderId(f.orderId);
  const name = firstNameOf(f.firstName);
  const base = ctx.baseUrl.replace(/\/+$/, "");
  const shop = ctx.shopName;
  const payUrl = `${base}/confirmacaotransferencia?orderId=${encodeURIComponent(f.orderId)}`;
  const deadline = f.paymentDeadline ? luandaDateTime(f.paymentDeadline) : "";
  const amount = formatKz(f.amount ?? 0);
  const out = (template: TemplateDefinition, params: string[], sms: string): PhoneMessage => ({
    template: { name: template.name, params },
    sms: smsSafe(`${shop}: ${sms}`),
  });
  switch (kind) {
    case "order-placed":
      return f.paymentReference
        ? out(WHATSAPP_TEMPLATES.placed, [name, id, amount, deadline, howToPay(f), payUrl], smsPayment(f, id))
        : out(
            WHATSAPP_TEMPLATES.placedCard,
            [name, id, amount],
            `recebemos o pedido #${id} de ${amount}. Avisamos quando o pagamento for confirmado.`,
          );
    case "payment-reminder":
      return out(WHATSAPP_TEMPLATES.reminder, [name, id, amount, deadline, howToPay(f), payUrl], `Lembrete. ${smsPayment(f, id)}`);
    case "payment-confirmed":
      return out(
        WHATSAPP_TEMPLATES.paid,
        [name, amount, id],
        `confirmamos o pagamento de ${amount} do pedido #${id}. Avisamos quando for enviado.`,
      );
    case "order-shipped":
      return out(WHATSAPP_TEMPLATES.shipped, [name, id, `${base}/orders`], `o seu pedido #${id} foi enviado. Veja em ${base}/orders`);
    case "support-replies":
      return out(
        WHATSAPP_TEMPLATES.replied,
        [name, id, `${base}/message/${f.orderId}`],
        `o suporte respondeu sobre o pedido #${id}. Leia em ${base}/message/${f.orderId}`,
      );
  }
}

/** The outbox row's subject (the console lists it): what the message is about. */
export function phoneSubject(kind: PhoneKind, orderId: string): string {
  const id = `#${shortOrderId(orderId)}`;
  const what: Record<PhoneKind, string> = {
    "order-placed": `Pedido ${id} recebido`,
    "payment-confirmed": `Pagamento confirmado — pedido ${id}`,
    "order-shipped": `Pedido ${id} enviado`,
    "support-replies": `Resposta do suporte — pedido ${id}`,
    "payment-reminder": `Lembrete: pagamento do pedido ${id}`,
  };
  return what[kind];
}
