import type { RaRecord } from "react-admin";
import { pickFields, type RequestBodyTransform, type Row } from "../lib/request-body.ts";
import {
  BANK_FIELDS,
  CONTACT_LISTS,
  MAX_CART_REMINDER_HOURS,
  MAX_PAYMENT_DEADLINE_HOURS,
  MESSAGING_CAPS,
  MIN_CART_REMINDER_HOURS,
  type MessagingCapField,
} from "../../shared/settings.ts";
import { callingCodeDigits } from "../../shared/phones.ts";
import { MAX_PLACEMENTS_PER_HOUR, MAX_STOCK_HOLD_HOURS } from "../../shared/unpaid-orders.ts";
import { MAX_RETURN_WINDOW_DAYS } from "../../shared/returns.ts";

// The shop's contact and bank details are data, not code: one row, id 1.
// Arrays of strings are edited as lists of { value } rows and flattened back on save.

// The lists are the shop's contacts and the alert addresses; and the countries WhatsApp and SMS may go to.
const LISTS = CONTACT_LISTS;
const COUNTRIES = "messagingCountryCodes";
const CAPS = Object.keys(MESSAGING_CAPS) as MessagingCapField[];
const FIELDS = [
  ...LISTS,
  "whatsapp",
  ...BANK_FIELDS,
  "paymentDeadlineHours",
  "cartReminderEnabled",
  "cartReminderHours",
  COUNTRIES,
  ...CAPS,
  "stockHoldHours",
  "placementsPerHour",
  "payOnDeliveryConfirmHours",
  "payOnDeliveryRefusalLimit",
  "fiscalCompanyName",
  "fiscalNif",
  "fiscalVatRegime",
  "returnWindowDays",
  "returnPolicy",
  "currentPassword",
] as const;

/** The record as the form edits it: each list of strings as rows of { value }, the deadline as a number. */
export const settingsToForm = (record: RaRecord): RaRecord => {
  const out: RaRecord = { ...record };
  for (const key of LISTS) out[key] = Array.isArray(record[key]) ? (record[key] as string[]).map((value) => ({ value })) : [];
  // Calling codes are stored as digits ("351") and shown as dialled ("+351").
  if (Array.isArray(record[COUNTRIES])) out[COUNTRIES] = (record[COUNTRIES] as string[]).map((code) => ({ value: `+${code}` }));
  if (record.paymentDeadlineHours !== undefined && record.paymentDeadlineHours !== null)
    out.paymentDeadlineHours = Number(record.paymentDeadlineHours);
  if (record.stockHoldHours !== undefined && record.stockHoldHours !== null) out.stockHoldHours = Number(record.stockHoldHours);
  if (record.payOnDeliveryConfirmHours !== undefined && record.payOnDeliveryConfirmHours !== null)
    out.payOnDeliveryConfirmHours = Number(record.payOnDeliveryConfirmHours);
  return out;
};

const bankValue = (row: Row | undefined, field: (typeof BANK_FIELDS)[number]): string => String(row?.[field] ?? "").trim();

/** Whether the form changes where shoppers pay (compared with the record as loaded). */
const bankFieldsChanged = (before: Row | undefined, after: Row): boolean =>
  BANK_FIELDS.some((f) => bankValue(before, f) !== bankValue(after, f));

/** A list as text for comparison, whether held as strings (the record) or as rows of { value } (the form). */
const listValue = (row: Row | undefined, key: (typeof LISTS)[number] | typeof COUNTRIES): string => {
  const items = Array.isArray(row?.[key]) ? (row[key] as unknown[]) : [];
  return JSON.stringify(
    items
      .map((item) => String((typeof item === "object" && item !== null ? (item as { value?: unknown }).value : item) ?? "").trim())
      .filter(Boolean),
  );
};

/** Whether the form changes the shop's contacts or the staff alert addresses (the server asks the password for these too). */
export const contactsChanged = (before: Row | undefined, after: Row): boolean =>
  LISTS.some((key) => listValue(before, key) !== listValue(after, key)) ||
  String(before?.whatsapp ?? "").trim() !== String(after.whatsapp ?? "").trim();

/** Whether the form changes where or how much the shop sends by WhatsApp and SMS (each message costs money). */
export const messagingChanged = (before: Row | undefined, after: Row): boolean =>
  JSON.stringify(JSON.parse(listValue(before, COUNTRIES)).map(callingCodeDigits)) !==
    JSON.stringify(JSON.parse(listValue(after, COUNTRIES)).map(callingCodeDigits)) ||
  CAPS.some((f) => String(before?.[f] ?? "") !== String(after[f] ?? ""));

/** Whether saving needs the admin's own password: bank details, contacts, alert addresses or WhatsApp/SMS sending changed. */
export const passwordNeeded = (before: Row | undefined, after: Row): boolean =>
  bankFieldsChanged(before, after) || contactsChanged(before, after) || messagingChanged(before, after);

/**
 * The form back into lists of strings, trimmed, blank rows dropped. The current password goes out only with
 * a change that needs it: it is not sent (nor kept anywhere) otherwise.
 */
export const settingsFromForm = (data: Row, options?: { previousData?: Row }): Row => {
  const out: Row = { ...data };
  const rows = (value: unknown) => (value as { value?: string }[]).map((r) => (r.value ?? "").trim()).filter(Boolean);
  for (const key of LISTS) out[key] = Array.isArray(data[key]) ? rows(data[key]) : [];
  // Countries only when the form holds them (left out, the server keeps the shop's).
  if (Array.isArray(data[COUNTRIES])) out[COUNTRIES] = rows(data[COUNTRIES]);
  if (!passwordNeeded(options?.previousData, data) || !data.currentPassword) delete out.currentPassword;
  return out;
};

export const settingsRequestBody: RequestBodyTransform = (data) => pickFields(data, FIELDS);

/**
 * An Angolan IBAN's shape: AO and 23 digits, spaces allowed. The server decides with the mod-97 check; this
 * only catches a mistyped length or letters before the round trip.
 */
export const ibanFormatError = (value: unknown): string | undefined =>
  /^AO\d{23}$/.test(
    String(value ?? "")
      .replace(/\s+/g, "")
      .toUpperCase(),
  )
    ? undefined
    : "loja.settings.iban_format";

/** Empty is left to the server (the field is not sent, the shop keeps its deadline); a value must be 0 < h ≤ 720. */
export const paymentDeadlineError = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  const hours = typeof value === "number" ? value : Number(value);
  return Number.isFinite(hours) && hours > 0 && hours <= MAX_PAYMENT_DEADLINE_HOURS ? undefined : "loja.settings.deadline_range";
};

/** Empty is left to the server (unchanged); a value must be 0 < h ≤ 720 (docs/product/orders.md#stock). */
export const stockHoldError = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  const hours = typeof value === "number" ? value : Number(value);
  return Number.isFinite(hours) && hours > 0 && hours <= MAX_STOCK_HOLD_HOURS ? undefined : "loja.settings.stock_hold_range";
};

/** Whole orders from 1 to 100 000 an hour (docs/product/checkout.md#placement-limits); empty is left to the server. */
export const placementsPerHourError = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PLACEMENTS_PER_HOUR ? undefined : "loja.settings.placements_per_hour_range";
};

/** Whole days from 0 (returns off) to 365 (docs/product/returns.md#the-window-and-the-policy); empty is left to the server. */
export const returnWindowError = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  const days = typeof value === "number" ? value : Number(value);
  return Number.isInteger(days) && days >= 0 && days <= MAX_RETURN_WINDOW_DAYS ? undefined : "loja.settings.return_window_range";
};

/** Whole hours from 1 to 168 (docs/product/notifications.md#abandoned-cart); empty is left to the server (unchanged). */
export const cartReminderHoursError = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  const hours = typeof value === "number" ? value : Number(value);
  return Number.isInteger(hours) && hours >= MIN_CART_REMINDER_HOURS && hours <= MAX_CART_REMINDER_HOURS
    ? undefined
    : "loja.settings.cart_reminder_range";
};

/** A daily cap of WhatsApp/SMS messages: a whole number within its bounds (shared/settings.ts); empty is left to the server. */
export const messagingCapError =
  (field: MessagingCapField) =>
  (value: unknown): string | undefined => {
    if (value === undefined || value === null || value === "") return undefined;
    const n = typeof value === "number" ? value : Number(value);
    const { min, max } = MESSAGING_CAPS[field];
    return Number.isInteger(n) && n >= min && n <= max ? undefined : "loja.settings.messaging_cap_range";
  };
