// What the shop says on WhatsApp and by SMS (docs/product/notifications.md#whatsapp-and-sms). A row keeps the event's
// facts (as an e-mail row does); the sender renders them here when it sends: a WhatsApp template's name and its
// {{n}} parameters, or one SMS text. The README's template list is this file's WHATSAPP_TEMPLATES, ready to submit
// to Meta (language pt_PT, category utility).
import { PHONE_CODE_MINUTES } from "../../../shared/phone-codes.ts";
import { formatKz, type MoneyAmount } from "../../../shared/money.ts";
import { luandaDateTime } from "../../../shared/messaging.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { luandaDay, type Shipment } from "../../../shared/shipment.ts";

/** The language every template is submitted and sent in. */
export const TEMPLATE_LANGUAGE = "pt_PT";

/** What a phone message can be about. */
export type PhoneKind =
  "order-placed" | "payment-confirmed" | "order-shipped" | "support-replies" | "payment-reminder" | "return-update" | "payment-request";
export const PHONE_KINDS: readonly PhoneKind[] = [
  "order-placed",
  "payment-confirmed",
  "order-shipped",
  "support-replies",
  "payment-reminder",
  "return-update",
  "payment-request",
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
  /** order-shipped: what staff said at dispatch (carrier, tracking, or the pickup point), as it was. */
  shipment?: Shipment | null;
  /** return-update: the step as the shopper reads it (docs/product/returns.md#what-the-shopper-is-told). */
  returnStep?: string;
  /** payment-request: what the amount is for (docs/product/payment-requests.md). */
  reason?: string;
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
 * Every template, as the README lists them for approval (category utility, language pt_PT; the phone code's is
 * category authentication). Meta refuses a body that starts or ends with a parameter, or has one without text around
 * it; parameters carry no line breaks.
 */
export const WHATSAPP_TEMPLATES = {
  request: {
    name: "loja_pedido_de_pagamento",
    purpose: "payment request (an amount agreed after the order)",
    body: "Olá {{1}}! Pedimos o pagamento de {{2}} no pedido #{{3}}: {{4}}. Pague até {{5}} (hora de Angola) por {{6}}. Veja e pague na conversa do pedido em {{7}} e responda lá se tiver dúvidas.",
    params: ["first name", "amount", "order number", "reason", "deadline", "how to pay", "link to the order's chat"],
  },
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
  shippedTracked: {
    name: "loja_pedido_enviado_seguimento",
    purpose: "dispatched, with the carrier or tracking staff gave",
    body: "Olá {{1}}! O seu pedido #{{2}} foi enviado: {{3}}. Acompanhe-o em {{4}} ou responda a esta mensagem.",
    params: [
      "first name",
      "order number",
      "tracking (carrier, tracking code, tracking link, driver's phone, expected date: those given)",
      "link to the orders page",
    ],
  },
  pickup: {
    name: "loja_pedido_pronto_levantar",
    purpose: "ready for pickup at a pickup point",
    body: "Olá {{1}}! O seu pedido #{{2}} está pronto para levantar em {{3}}, {{4}}. Levante-o até {{5}}. Veja em {{6}} ou responda a esta mensagem.",
    params: [
      "first name",
      "order number",
      "pickup point's name",
      "its address (and opening hours)",
      "last day to collect",
      "link to the orders page",
    ],
  },
  shipped: {
    name: "loja_pedido_enviado",
    purpose: "dispatched, no tracking given",
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
  returnUpdate: {
    name: "loja_devolucao_atualizada",
    purpose: "a step of the shopper's return or exchange",
    body: "Olá {{1}}! Novidades sobre a troca ou devolução do pedido #{{2}}: {{3}} Veja em {{4}} ou responda a esta mensagem.",
    params: ["first name", "order number", "the step (approved, refused with why, received, concluded)", "link to the orders page"],
  },
  phoneCode: {
    name: "loja_codigo_confirmacao",
    purpose:
      'a code confirming the shopper\'s phone (category **Authentication**, with the "Copiar código" button; Meta writes this body itself)',
    body: "*{{1}}* é o seu código de verificação.",
    params: ["the code (6 digits, also the button's)"],
  },
} as const satisfies Record<string, TemplateDefinition>;

/** The outbox kind of a code confirming a phone (docs/design/security.md#whatsapp-only-to-its-owner): its code is sealed in the row. */
export const PHONE_CODE_KIND = "phone-code";
export const PHONE_CODE_SUBJECT = "Código de confirmação do telefone";

/** The code's message: the authentication template (its button copies the code) or one SMS. */
export function renderPhoneCode(code: string, ctx: { shopName: string }): PhoneMessage & { copyCode: string } {
  return {
    template: { name: WHATSAPP_TEMPLATES.phoneCode.name, params: [code] },
    copyCode: code,
    sms: smsSafe(
      `${ctx.shopName}: o seu código de confirmação é ${code}. Válido ${PHONE_CODE_MINUTES} minutos. Não o partilhe com ninguém.`,
    ),
  };
}

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

/** A template parameter is one line without tabs or runs of spaces (Meta refuses them). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** What staff gave at dispatch, in one line: carrier, tracking code and link, driver's phone, expected date. */
function trackingLine(s: Shipment): string {
  return [
    s.carrier && `transportadora ${s.carrier}`,
    s.trackingCode && `código de seguimento ${s.trackingCode}`,
    s.trackingUrl && `siga em ${s.trackingUrl}`,
    s.driverPhone && `motorista ${s.driverPhone}`,
    s.expectedAt && `entrega prevista ${luandaDay(s.expectedAt)}`,
  ]
    .filter(Boolean)
    .map((part) => oneLine(part as string))
    .join(", ");
}

/** The dispatch message: ready at a pickup point, sent with tracking, or sent (nothing more given). */
function shippedMessage(f: PhoneFacts, id: string, name: string, ordersUrl: string): [TemplateDefinition, string[], string] {
  const s = f.shipment;
  if (s?.pickup) {
    const where = oneLine(s.pickup.hours ? `${s.pickup.address} (horário: ${s.pickup.hours})` : s.pickup.address);
    const until = luandaDay(s.pickup.until);
    return [
      WHATSAPP_TEMPLATES.pickup,
      [name, id, oneLine(s.pickup.name), where, until, ordersUrl],
      `o pedido #${id} esta pronto para levantar em ${oneLine(s.pickup.name)}, ${oneLine(s.pickup.address)}, ate ${until}.`,
    ];
  }
  const tracking = s ? trackingLine(s) : "";
  return tracking
    ? [WHATSAPP_TEMPLATES.shippedTracked, [name, id, tracking, ordersUrl], `o pedido #${id} foi enviado: ${tracking}.`]
    : [WHATSAPP_TEMPLATES.shipped, [name, id, ordersUrl], `o seu pedido #${id} foi enviado. Veja em ${ordersUrl}`];
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
    case "payment-request":
      return out(
        WHATSAPP_TEMPLATES.request,
        [name, amount, id, oneLine(f.reason ?? ""), deadline, howToPay(f), `${base}/message/${f.orderId}`],
        `Pedido de pagamento (${oneLine(f.reason ?? "")}). ${smsPayment(f, id)}`,
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
      return out(...shippedMessage(f, id, name, `${base}/orders`));
    case "return-update":
      return out(
        WHATSAPP_TEMPLATES.returnUpdate,
        [name, id, oneLine(f.returnStep ?? ""), `${base}/orders`],
        `pedido #${id}: ${oneLine(f.returnStep ?? "")}`,
      );
    case "support-replies":
      return out(
        WHATSAPP_TEMPLATES.replied,
        [name, id, `${base}/message/${f.orderId}`],
        `o suporte respondeu sobre o pedido #${id}. Leia em ${base}/message/${f.orderId}`,
      );
  }
}

/** The outbox row's subject (the console lists it): what the message is about. */
export function phoneSubject(kind: PhoneKind, orderId: string, facts?: Pick<PhoneFacts, "shipment">): string {
  const id = `#${shortOrderId(orderId)}`;
  if (kind === "order-shipped" && facts?.shipment?.pickup) return `Pedido ${id} pronto para levantar`;
  const what: Record<PhoneKind, string> = {
    "order-placed": `Pedido ${id} recebido`,
    "payment-confirmed": `Pagamento confirmado — pedido ${id}`,
    "order-shipped": `Pedido ${id} enviado`,
    "support-replies": `Resposta do suporte — pedido ${id}`,
    "payment-reminder": `Lembrete: pagamento do pedido ${id}`,
    "return-update": `Troca ou devolução — pedido ${id}`,
    "payment-request": `Pedido de pagamento — pedido ${id}`,
  };
  return what[kind];
}
