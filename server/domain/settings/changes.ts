// What an edit changes: the editable fields compared one by one, written as text for the audit trail.
import type { ShopSettingsValues } from "./repository.ts";
import { isBankField, isContactField, isMessagingField } from "../../../shared/settings.ts";

export type EditableSettings = Omit<ShopSettingsValues, "isDemo">;
export type SettingsField = keyof EditableSettings;

const FIELDS: readonly SettingsField[] = [
  "phones",
  "emails",
  "addresses",
  "bankName",
  "accountHolder",
  "accountNumber",
  "iban",
  "paymentDeadlineHours",
  "staffAlertEmails",
  "whatsapp",
  "cartReminderEnabled",
  "cartReminderHours",
  "messagingCountryCodes",
  "messagingPerPhoneDaily",
  "messagingPerAccountDaily",
  "messagingShopDaily",
  "stockHoldHours",
  "placementsPerHour",
  "payOnDeliveryConfirmHours",
  "payOnDeliveryRefusalLimit",
  "fiscalCompanyName",
  "fiscalNif",
  "fiscalVatRegime",
  "returnWindowDays",
  "returnPolicy",
];

/** A value as the audit trail keeps it: lists as JSON arrays (addresses contain commas), numbers as written. */
export const auditText = (value: EditableSettings[SettingsField]): string => (Array.isArray(value) ? JSON.stringify(value) : String(value));

/** The fields whose value differs, in the form's order. */
export const changedFields = (before: EditableSettings, after: EditableSettings): SettingsField[] =>
  FIELDS.filter((field) => auditText(before[field]) !== auditText(after[field]));

export const touchesBank = (fields: readonly SettingsField[]) => fields.some(isBankField);

export const touchesContacts = (fields: readonly SettingsField[]) => fields.some(isContactField);

export const touchesMessaging = (fields: readonly SettingsField[]) => fields.some(isMessagingField);
