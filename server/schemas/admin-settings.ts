import { Type, type Static } from "typebox";
import { Password, ShortText, StrictObject } from "./common.ts";
import { MAX_RETURN_POLICY_LENGTH } from "../../shared/returns.ts";

/** One change to the shop's details, newest first in `changes`. Lists (phones, e-mails, addresses) are JSON arrays. */
const AdminSettingsChange = Type.Object({
  field: Type.String(),
  before: Type.String(),
  after: Type.String(),
  /** Who made it (name and e-mail: two staff may look alike by name alone); null once that account is gone. */
  by: Type.Union([Type.Object({ id: Type.String(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  at: Type.String(),
});

/** The single settings row as staff edit it; the id is always 1 (ra-data-simple-rest needs one). */
export const AdminSettings = Type.Object({
  id: Type.Literal(1),
  phones: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  addresses: Type.Array(Type.String()),
  bankName: Type.String(),
  accountHolder: Type.String(),
  accountNumber: Type.String(),
  /** Grouped in fours ("AO06 0040 …"), as shoppers read it; stored without spaces. */
  iban: Type.String(),
  paymentDeadlineHours: Type.Number(),
  /** Addresses that receive staff alerts by e-mail (new order, new proof, customer message waiting). */
  staffAlertEmails: Type.Array(Type.String()),
  /** The shop's WhatsApp number in E.164 ("": the first phone is the WhatsApp one). */
  whatsapp: Type.String(),
  /** Abandoned-cart reminders on or off, and after how many hours untouched (docs/product/notifications.md#abandoned-cart). */
  cartReminderEnabled: Type.Boolean(),
  cartReminderHours: Type.Integer(),
  /** WhatsApp and SMS go to Angola and to these countries' calling codes ("351"), at most the daily caps (docs/product/console.md). */
  messagingCountryCodes: Type.Array(Type.String()),
  messagingPerPhoneDaily: Type.Integer(),
  messagingPerAccountDaily: Type.Integer(),
  messagingShopDaily: Type.Integer(),
  /** Hours an unpaid order holds its tracked units (docs/product/orders.md#stock). */
  stockHoldHours: Type.Number(),
  /** Orders the whole shop takes per hour at most (docs/product/checkout.md#placement-limits). */
  placementsPerHour: Type.Integer(),
  /** Pay on delivery (docs/product/pay-on-delivery.md): hours to confirm an order, refusals before a phone loses it. */
  payOnDeliveryConfirmHours: Type.Number(),
  payOnDeliveryRefusalLimit: Type.Integer(),
  /** The shop as its fiscal documents name it (docs/product/fiscal-documents.md#configuration); "" until set. */
  fiscalCompanyName: Type.String(),
  fiscalNif: Type.String(),
  /** "geral" (prices include IVA at 14 %) or "exclusao". */
  fiscalVatRegime: Type.String(),
  /** Days after Entregue a shopper may ask a return (0: off) and the policy shown first (docs/product/returns.md). */
  returnWindowDays: Type.Integer(),
  returnPolicy: Type.String(),
  isDemo: Type.Boolean(),
  updatedAt: Type.String(),
  /** The audit trail: the last 50 changes, newest first. */
  changes: Type.Array(AdminSettingsChange),
});
export type AdminSettings = Static<typeof AdminSettings>;

export const AdminSettingsBody = StrictObject({
  // The storefront footer shows three phones; privacy policy needs a Portuguese and an English e-mail.
  phones: Type.Array(ShortText({ minLength: 1, maxLength: 40 }), { minItems: 3, maxItems: 3 }),
  emails: Type.Array(Type.String({ minLength: 3, maxLength: 254, format: "email" }), { minItems: 2, maxItems: 5 }),
  addresses: Type.Array(ShortText({ minLength: 1, maxLength: 300 }), { minItems: 1, maxItems: 10 }),
  bankName: ShortText({ minLength: 1, maxLength: 120 }),
  accountHolder: ShortText({ minLength: 1, maxLength: 160 }),
  accountNumber: ShortText({ minLength: 1, maxLength: 60 }),
  /** Checked as an Angolan IBAN (mod-97) by the settings domain, which answers with its own message. */
  iban: ShortText({ minLength: 1, maxLength: 60 }),
  /** Hours a shopper has to pay (0 < h ≤ 720, two decimals; checked by the domain with its own message). Left out: unchanged. */
  paymentDeadlineHours: Type.Optional(Type.Number()),
  /** Staff alert addresses (none: every active admin at their own address). Left out: unchanged. */
  staffAlertEmails: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 254, format: "email" }), { maxItems: 10 })),
  /** The shop's WhatsApp number as typed (stored in E.164; "" clears it). Left out: unchanged. */
  whatsapp: Type.Optional(Type.String({ maxLength: 40 })),
  /** Abandoned-cart reminders on or off. Left out: unchanged. */
  cartReminderEnabled: Type.Optional(Type.Boolean()),
  /** Whole hours untouched before a cart's reminder (1–168; checked by the domain with its own message). Left out: unchanged. */
  cartReminderHours: Type.Optional(Type.Number()),
  /** Hours an unpaid order holds its units (0 < h ≤ 720, two decimals; checked by the domain). Left out: unchanged. */
  stockHoldHours: Type.Optional(Type.Number()),
  /** Orders per hour for the whole shop (1–100 000, whole; checked by the domain). Left out: unchanged. */
  placementsPerHour: Type.Optional(Type.Number()),
  /** Pay on delivery: hours to confirm (0 < h ≤ 720) and refusals before a phone loses it (1–100). Left out: unchanged. */
  payOnDeliveryConfirmHours: Type.Optional(Type.Number()),
  payOnDeliveryRefusalLimit: Type.Optional(Type.Number()),
  /** Countries besides Angola for WhatsApp and SMS, as calling codes ("+351"). Left out: unchanged. */
  messagingCountryCodes: Type.Optional(Type.Array(ShortText({ minLength: 1, maxLength: 8 }), { maxItems: 20 })),
  /** Daily caps of WhatsApp and SMS messages (bounds checked by the domain with its own message). Left out: unchanged. */
  messagingPerPhoneDaily: Type.Optional(Type.Number()),
  messagingPerAccountDaily: Type.Optional(Type.Number()),
  messagingShopDaily: Type.Optional(Type.Number()),
  /** The shop's fiscal name, NIF (checked as a NIF by the domain) and IVA regime. Left out: unchanged. */
  fiscalCompanyName: Type.Optional(Type.String({ maxLength: 200 })),
  fiscalNif: Type.Optional(Type.String({ maxLength: 40 })),
  fiscalVatRegime: Type.Optional(ShortText({ maxLength: 20 })),
  /** Days to ask a return after Entregue (0–365 whole; 0 turns returns off) and the policy text. Left out: unchanged. */
  returnWindowDays: Type.Optional(Type.Number()),
  returnPolicy: Type.Optional(Type.String({ maxLength: MAX_RETURN_POLICY_LENGTH })),
  /** The acting admin's own password: required when a bank field, a shop contact, an alert address or the WhatsApp/SMS countries and caps change. */
  currentPassword: Type.Optional(Password),
});
export type AdminSettingsBody = Static<typeof AdminSettingsBody>;
