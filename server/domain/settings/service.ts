// The shop's own details (phones, e-mails, addresses, bank, payment deadline): what the storefront shows, and
// what admins edit. The IBAN must be a valid Angolan one; a bank change needs the admin's password; every
// changed field is audited in the same transaction; the admins are told after the commit. Saving real values
// clears the demo flag the seed sets.
import type { Config } from "../../config.ts";
import type { Db, PrismaClient } from "../../db/client.ts";
import { formatIban, INVALID_IBAN_MESSAGE, isValidAngolanIban, normalizeIban } from "../payments/iban.ts";
import type { AdminSettings, AdminSettingsBody } from "../../schemas/admin-settings.ts";
import type { PublicSettings } from "../../schemas/settings.ts";
import { DEFAULT_PAYMENT_DEADLINE_HOURS } from "../../../shared/payments.ts";
import { DEFAULT_RETURN_WINDOW_DAYS, MAX_RETURN_WINDOW_DAYS } from "../../../shared/returns.ts";
import {
  DEFAULT_POD_CONFIRM_HOURS,
  DEFAULT_POD_REFUSAL_LIMIT,
  MAX_POD_CONFIRM_HOURS,
  MAX_POD_REFUSAL_LIMIT,
} from "../../../shared/pay-on-delivery.ts";
import {
  DEFAULT_CART_REMINDER_HOURS,
  MAX_CART_REMINDER_HOURS,
  MAX_MESSAGING_COUNTRIES,
  MAX_PAYMENT_DEADLINE_HOURS,
  MESSAGING_CAPS,
  MIN_CART_REMINDER_HOURS,
  type MessagingCapField,
} from "../../../shared/settings.ts";
import { ANGOLA_CALLING_CODE, callingCodeDigits, isCountryCallingCode, shopWhatsAppNumber, toE164 } from "../../../shared/phones.ts";
import {
  DEFAULT_PLACEMENTS_PER_HOUR,
  DEFAULT_STOCK_HOLD_HOURS,
  MAX_PLACEMENTS_PER_HOUR,
  MAX_STOCK_HOLD_HOURS,
} from "../../../shared/unpaid-orders.ts";
import { checkNif, normalizeNif } from "../../../shared/nif.ts";
import { isVatRegime } from "../../../shared/fiscal.ts";
import { AppError, sessionExpired } from "../errors.ts";
import { emitEvents } from "../events/emit.ts";
import type { AttemptLimiter } from "../users/attempt-limiter.ts";
import { findActiveStaff } from "../users/service.ts";
import { BANK_PASSWORD_REQUIRED, CONTACTS_PASSWORD_REQUIRED, MESSAGING_PASSWORD_REQUIRED, confirmBankChange } from "./bank-guard.ts";
import {
  auditText,
  changedFields,
  touchesBank,
  touchesContacts,
  touchesMessaging,
  type EditableSettings,
  type SettingsField,
} from "./changes.ts";
import { settingsRepository, type ShopSettingsRow } from "./repository.ts";

/** How many audit rows the console shows. */
const CHANGES_SHOWN = 50;
const INVALID_SHOP_WHATSAPP = "O número de WhatsApp da loja não é um número de telefone válido";
const INVALID_CART_REMINDER_HOURS = `O lembrete de carrinho deve ser entre ${MIN_CART_REMINDER_HOURS} e ${MAX_CART_REMINDER_HOURS} horas, em horas inteiras`;
const INVALID_DEADLINE = `O prazo de pagamento deve ser maior que 0 e no máximo ${MAX_PAYMENT_DEADLINE_HOURS} horas, com até duas casas decimais`;
const CAP_LABELS: Record<MessagingCapField, string> = {
  messagingPerPhoneDaily: "O limite diário de mensagens por número",
  messagingPerAccountDaily: "O limite diário de mensagens por conta",
  messagingShopDaily: "O limite diário de mensagens da loja",
};
const invalidCountry = (code: string) =>
  `"${code}" não é o indicativo de um país (escreva-o como +351). Angola (+244) está sempre incluída`;
const INVALID_STOCK_HOLD = `A reserva de stock deve ser maior que 0 e no máximo ${MAX_STOCK_HOLD_HOURS} horas, com até duas casas decimais`;
const INVALID_SHOP_NIF =
  "O NIF da loja é inválido: indique os 10 dígitos do NIF da empresa (ou o número do BI de um empresário em nome individual)";
const INVALID_VAT_REGIME = "Escolha o regime de IVA da loja: regime geral ou regime de exclusão";
const INVALID_PLACEMENTS_PER_HOUR = `O limite de pedidos por hora deve ser um número inteiro entre 1 e ${MAX_PLACEMENTS_PER_HOUR}`;

const EMPTY: ShopSettingsRow = {
  phones: [],
  emails: [],
  addresses: [],
  bankName: "",
  accountHolder: "",
  accountNumber: "",
  iban: "",
  paymentDeadlineHours: DEFAULT_PAYMENT_DEADLINE_HOURS,
  staffAlertEmails: [],
  whatsapp: "",
  cartReminderEnabled: true,
  cartReminderHours: DEFAULT_CART_REMINDER_HOURS,
  messagingCountryCodes: [],
  messagingPerPhoneDaily: MESSAGING_CAPS.messagingPerPhoneDaily.default,
  messagingPerAccountDaily: MESSAGING_CAPS.messagingPerAccountDaily.default,
  messagingShopDaily: MESSAGING_CAPS.messagingShopDaily.default,
  stockHoldHours: DEFAULT_STOCK_HOLD_HOURS,
  placementsPerHour: DEFAULT_PLACEMENTS_PER_HOUR,
  payOnDeliveryConfirmHours: DEFAULT_POD_CONFIRM_HOURS,
  payOnDeliveryRefusalLimit: DEFAULT_POD_REFUSAL_LIMIT,
  fiscalCompanyName: "",
  fiscalNif: "",
  fiscalVatRegime: "geral",
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  returnPolicy: "",
  isDemo: false,
  updatedAt: new Date(0),
};

export async function getPublicSettings(db: Db, config: Pick<Config, "firebase">): Promise<PublicSettings> {
  const row = (await settingsRepository(db).get()) ?? EMPTY;
  const firebase = config.firebase;
  return {
    phones: row.phones,
    emails: row.emails,
    addresses: row.addresses,
    bank: { bankName: row.bankName, accountHolder: row.accountHolder, accountNumber: row.accountNumber, iban: formatIban(row.iban) },
    isDemo: row.isDemo,
    whatsapp: shopWhatsAppNumber(row.whatsapp, row.phones),
    returns: { windowDays: row.returnWindowDays, policy: row.returnPolicy },
    phoneLogin: firebase?.apiKey ? { apiKey: firebase.apiKey, authDomain: firebase.authDomain ?? "", projectId: firebase.projectId } : null,
  };
}

export async function getAdminSettings(db: PrismaClient): Promise<AdminSettings> {
  const repo = settingsRepository(db);
  const [row, changes] = await Promise.all([repo.get(), repo.listChanges(CHANGES_SHOWN)]);
  const { updatedAt, ...details } = row ?? EMPTY;
  return {
    id: 1,
    ...details,
    iban: formatIban(details.iban),
    updatedAt: updatedAt.toISOString(),
    changes: changes.map((c) => ({ field: c.field, before: c.before, after: c.after, by: c.changedBy, at: c.createdAt.toISOString() })),
  };
}

/** Who is told of a saved change right after its commit: the real-time hub (the admins' consoles, every instance's caches). */
export interface SettingsChangeListener {
  publishSettingsChanged(event: { by: string; byId: string; fields: string[] }): Promise<void>;
}

interface SaveSettingsDeps {
  db: PrismaClient;
  publisher: SettingsChangeListener;
  /** Throttles wrong passwords on bank changes. */
  attempts: AttemptLimiter;
}

export async function saveAdminSettings(deps: SaveSettingsDeps, actorId: string, body: AdminSettingsBody): Promise<AdminSettings> {
  const { db } = deps;
  if (!isValidAngolanIban(body.iban)) throw new AppError(400, INVALID_IBAN_MESSAGE);
  const hours = body.paymentDeadlineHours;
  if (hours !== undefined && !isValidHours(hours, MAX_PAYMENT_DEADLINE_HOURS)) throw new AppError(400, INVALID_DEADLINE);
  const reminderHours = body.cartReminderHours;
  if (
    reminderHours !== undefined &&
    !(Number.isInteger(reminderHours) && reminderHours >= MIN_CART_REMINDER_HOURS && reminderHours <= MAX_CART_REMINDER_HOURS)
  )
    throw new AppError(400, INVALID_CART_REMINDER_HOURS);
  if (body.stockHoldHours !== undefined && !isValidHours(body.stockHoldHours, MAX_STOCK_HOLD_HOURS))
    throw new AppError(400, INVALID_STOCK_HOLD);
  const perHour = body.placementsPerHour;
  if (perHour !== undefined && !(Number.isInteger(perHour) && perHour >= 1 && perHour <= MAX_PLACEMENTS_PER_HOUR))
    throw new AppError(400, INVALID_PLACEMENTS_PER_HOUR);
  checkPayOnDelivery(body);
  if (body.whatsapp?.trim() && !toE164(body.whatsapp)) throw new AppError(400, INVALID_SHOP_WHATSAPP);
  checkFiscal(body);
  checkReturns(body);
  checkMessaging(body);
  const admin = await findActiveStaff(db, actorId);
  if (!admin) throw sessionExpired();

  const current = (await settingsRepository(db).get()) ?? EMPTY;
  // The password is checked (slowly: argon2) before the transaction, so no lock waits on it.
  const confirmed = guarded(changedFields(comparable(current), editedSettings(body, current)));
  if (confirmed) await confirmBankChange(deps.attempts, admin, body.currentPassword, passwordMessage(confirmed));

  const changed = await db.$transaction(async (tx) => {
    const repo = settingsRepository(tx);
    await repo.lock();
    const before = (await repo.get()) ?? EMPTY;
    const next = editedSettings(body, before);
    const fields = changedFields(comparable(before), next);
    // Another admin changed guarded details meanwhile: this save would overwrite them unconfirmed.
    const needed = guarded(fields);
    if (needed && !confirmed) throw new AppError(403, passwordMessage(needed));
    await repo.save({ ...next, isDemo: false });
    await repo.recordChanges(
      fields.map((field) => ({ changedById: admin.id, field, before: auditText(before[field]), after: auditText(next[field]) })),
    );
    if (fields.length > 0)
      await emitEvents(tx, { name: "settings.changed", orderId: null, payload: { byId: admin.id, by: staffLabel(admin), fields } });
    return fields;
  });

  if (changed.length > 0) await deps.publisher.publishSettingsChanged({ by: staffLabel(admin), byId: admin.id, fields: changed });
  return getAdminSettings(db);
}

/** Who made a change, as the other admins are told: name and e-mail. */
const staffLabel = (admin: { name: string; email: string | null }) => (admin.email ? `${admin.name} (${admin.email})` : admin.name);

/** Which guarded group an edit touches (bank first: its message is the one an admin must see), if any. */
function guarded(fields: readonly SettingsField[]): "bank" | "contacts" | "messaging" | undefined {
  if (touchesBank(fields)) return "bank";
  if (touchesContacts(fields)) return "contacts";
  return touchesMessaging(fields) ? "messaging" : undefined;
}

const PASSWORD_MESSAGES = { bank: BANK_PASSWORD_REQUIRED, contacts: CONTACTS_PASSWORD_REQUIRED, messaging: MESSAGING_PASSWORD_REQUIRED };
const passwordMessage = (group: "bank" | "contacts" | "messaging") => PASSWORD_MESSAGES[group];

/** The countries (each a country's calling code; Angola is always in) and the caps (whole numbers in their bounds). */
function checkMessaging(body: AdminSettingsBody): void {
  for (const typed of body.messagingCountryCodes ?? []) {
    const code = callingCodeDigits(typed);
    if (!isCountryCallingCode(code)) throw new AppError(400, invalidCountry(typed.trim()));
  }
  for (const field of Object.keys(MESSAGING_CAPS) as MessagingCapField[]) {
    const value = body[field];
    const { min, max } = MESSAGING_CAPS[field];
    if (value !== undefined && !(Number.isInteger(value) && value >= min && value <= max))
      throw new AppError(400, `${CAP_LABELS[field]} deve ser um número inteiro entre ${min} e ${max}`);
  }
}

/** The shop's NIF (a company's 10 digits or a sole trader's BI, as buyers' NIFs) and its IVA regime. */
function checkFiscal(body: AdminSettingsBody): void {
  if (body.fiscalNif !== undefined && "problem" in checkNif(body.fiscalNif)) throw new AppError(400, INVALID_SHOP_NIF);
  if (body.fiscalVatRegime !== undefined && !isVatRegime(body.fiscalVatRegime)) throw new AppError(400, INVALID_VAT_REGIME);
}

/** The return window: whole days, 0 (off) to MAX_RETURN_WINDOW_DAYS. */
function checkReturns(body: AdminSettingsBody): void {
  const days = body.returnWindowDays;
  if (days !== undefined && !(Number.isInteger(days) && days >= 0 && days <= MAX_RETURN_WINDOW_DAYS))
    throw new AppError(400, `O prazo de devolução deve ser um número inteiro de dias entre 0 e ${MAX_RETURN_WINDOW_DAYS}`);
}

/** The countries as stored: calling codes' digits, once each, without Angola (always allowed). */
const countryCodes = (typed: string[]) =>
  [...new Set(typed.map(callingCodeDigits))].filter((code) => code && code !== ANGOLA_CALLING_CODE).slice(0, MAX_MESSAGING_COUNTRIES);

/** More than 0, at most `max`, and exact in a Decimal(8,2) column (the payment deadline, the stock hold). */
function isValidHours(hours: number, max: number): boolean {
  return hours > 0 && hours <= max && Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-6;
}

/** The owner's pay-on-delivery terms (docs/product/pay-on-delivery.md#the-owners-terms). */
function checkPayOnDelivery(body: AdminSettingsBody): void {
  const hours = body.payOnDeliveryConfirmHours;
  if (hours !== undefined && !isValidHours(hours, MAX_POD_CONFIRM_HOURS))
    throw new AppError(400, `O prazo para confirmar o pagamento na entrega deve ser entre 0 e ${MAX_POD_CONFIRM_HOURS} horas`);
  const limit = body.payOnDeliveryRefusalLimit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_POD_REFUSAL_LIMIT))
    throw new AppError(400, `O número de entregas recusadas deve ser um número inteiro entre 1 e ${MAX_POD_REFUSAL_LIMIT}`);
}

/** The body as it will be stored: trimmed, e-mails in lower case, the IBAN without spaces. */
function editedSettings(body: AdminSettingsBody, current: ShopSettingsRow): EditableSettings {
  const clean = (list: string[]) => list.map((s) => s.trim());
  return {
    phones: clean(body.phones),
    emails: clean(body.emails).map((e) => e.toLowerCase()),
    addresses: clean(body.addresses),
    bankName: body.bankName.trim(),
    accountHolder: body.accountHolder.trim(),
    accountNumber: body.accountNumber.trim(),
    iban: normalizeIban(body.iban),
    paymentDeadlineHours: body.paymentDeadlineHours ?? current.paymentDeadlineHours,
    staffAlertEmails: body.staffAlertEmails
      ? [...new Set(clean(body.staffAlertEmails).map((e) => e.toLowerCase()))]
      : current.staffAlertEmails,
    whatsapp: body.whatsapp === undefined ? current.whatsapp : body.whatsapp.trim() && (toE164(body.whatsapp) ?? ""),
    cartReminderEnabled: body.cartReminderEnabled ?? current.cartReminderEnabled,
    cartReminderHours: body.cartReminderHours ?? current.cartReminderHours,
    messagingCountryCodes: body.messagingCountryCodes ? countryCodes(body.messagingCountryCodes) : current.messagingCountryCodes,
    messagingPerPhoneDaily: body.messagingPerPhoneDaily ?? current.messagingPerPhoneDaily,
    messagingPerAccountDaily: body.messagingPerAccountDaily ?? current.messagingPerAccountDaily,
    messagingShopDaily: body.messagingShopDaily ?? current.messagingShopDaily,
    stockHoldHours: body.stockHoldHours ?? current.stockHoldHours,
    placementsPerHour: body.placementsPerHour ?? current.placementsPerHour,
    payOnDeliveryConfirmHours: body.payOnDeliveryConfirmHours ?? current.payOnDeliveryConfirmHours,
    payOnDeliveryRefusalLimit: body.payOnDeliveryRefusalLimit ?? current.payOnDeliveryRefusalLimit,
    fiscalCompanyName: body.fiscalCompanyName === undefined ? current.fiscalCompanyName : body.fiscalCompanyName.trim(),
    fiscalNif: body.fiscalNif === undefined ? current.fiscalNif : normalizeNif(body.fiscalNif),
    fiscalVatRegime: body.fiscalVatRegime ?? current.fiscalVatRegime,
    returnWindowDays: body.returnWindowDays ?? current.returnWindowDays,
    returnPolicy: body.returnPolicy === undefined ? current.returnPolicy : body.returnPolicy.trim(),
  };
}

/** The stored row for comparison: an IBAN kept with spaces (the seed's, older rows) is the same IBAN without them. */
function comparable(row: ShopSettingsRow): EditableSettings {
  const { isDemo: _isDemo, updatedAt: _updatedAt, ...details } = row;
  return { ...details, iban: normalizeIban(details.iban) };
}
