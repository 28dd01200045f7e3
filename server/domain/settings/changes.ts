// What an edit changes: the editable fields compared one by one, written as text for the audit trail.
import type { ShopSettingsValues } from "./repository.ts";

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
];

/** Where every shopper's money goes: changing any of these needs the admin's password. */
export const BANK_FIELDS: readonly SettingsField[] = ["bankName", "accountHolder", "accountNumber", "iban"];

/** A value as the audit trail keeps it: lists as JSON arrays (addresses contain commas), numbers as written. */
export const auditText = (value: EditableSettings[SettingsField]): string => (Array.isArray(value) ? JSON.stringify(value) : String(value));

/** The fields whose value differs, in the form's order. */
export const changedFields = (before: EditableSettings, after: EditableSettings): SettingsField[] =>
  FIELDS.filter((field) => auditText(before[field]) !== auditText(after[field]));

export const touchesBank = (fields: readonly SettingsField[]) => fields.some((field) => BANK_FIELDS.includes(field));

/** Who shoppers call and write to, and where staff alerts go: changing them needs the admin's password too. */
export const CONTACT_FIELDS: readonly SettingsField[] = ["phones", "emails", "addresses", "staffAlertEmails"];

export const touchesContacts = (fields: readonly SettingsField[]) => fields.some((field) => CONTACT_FIELDS.includes(field));
