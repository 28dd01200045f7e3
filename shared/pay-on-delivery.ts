// Pay on delivery, fenced (docs/product/pay-on-delivery.md): what the server, the storefront and the console share —
// the owner's defaults, how money is taken at the door, and the words shoppers and staff read.

/** Hours staff have to confirm a pay-on-delivery order by phone or WhatsApp before it is cancelled (a shop setting). */
export const DEFAULT_POD_CONFIRM_HOURS = 24;
export const MAX_POD_CONFIRM_HOURS = 720;
/** Refused deliveries after which a phone no longer sees the option (a shop setting). */
export const DEFAULT_POD_REFUSAL_LIMIT = 2;
export const MAX_POD_REFUSAL_LIMIT = 100;

/** How the money is taken at the door: cash, or the card terminal (TPA). */
export const DOOR_METHODS = ["cash", "tpa"] as const;
export type DoorMethod = (typeof DOOR_METHODS)[number];
export const DOOR_METHOD_LABELS: Readonly<Record<DoorMethod, string>> = { cash: "Numerário", tpa: "TPA" };

/** How staff confirmed the order with the shopper. */
export const CONFIRMATION_CHANNELS = ["phone", "whatsapp"] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];
export const CONFIRMATION_CHANNEL_LABELS: Readonly<Record<ConfirmationChannel, string>> = { phone: "telefone", whatsapp: "WhatsApp" };

/** What the ledger and the console call money taken at the door. */
export const PAID_ON_DELIVERY = "Pago na entrega";

/** The reason an unconfirmed order is cancelled when the owner's hours run out. */
export const NOT_CONFIRMED_REASON = "pedido não confirmado a tempo";
/** The history's note of a refused delivery. */
export const DELIVERY_REFUSED_REASON = "Entrega recusada pelo cliente";

/** Refusals of the placement (the checkout shows the same words). */
export const POD_NOT_HERE = "O pagamento na entrega não está disponível para esta opção de entrega";
export const podAboveLimit = (limit: string): string => `O pagamento na entrega só está disponível para pedidos até ${limit}`;
export const POD_WITHDRAWN = "O pagamento na entrega já não está disponível para este número de telefone: escolha a transferência bancária";
