import type { RaRecord } from "react-admin";
import { pickFields, type RequestBodyTransform, type Row } from "../lib/request-body.ts";

// The shop's contact and bank details are data (SPEC.md leaves them open): one row, id 1.
// Arrays of strings are edited as lists of { value } rows and flattened back on save.

const LISTS = ["phones", "emails", "addresses"] as const;
const FIELDS = [...LISTS, "bankName", "accountHolder", "accountNumber", "iban"] as const;

/** The record as the form edits it: each list of strings as rows of { value }. */
export const settingsToForm = (record: RaRecord): RaRecord => {
  const out: RaRecord = { ...record };
  for (const key of LISTS) out[key] = Array.isArray(record[key]) ? (record[key] as string[]).map((value) => ({ value })) : [];
  return out;
};

/** The form back into lists of strings, trimmed, blank rows dropped. */
export const settingsFromForm = (data: Row): Row => {
  const out: Row = { ...data };
  for (const key of LISTS) out[key] = Array.isArray(data[key]) ? (data[key] as { value?: string }[]).map((r) => (r.value ?? "").trim()).filter(Boolean) : [];
  return out;
};

export const settingsRequestBody: RequestBodyTransform = (data) => pickFields(data, FIELDS);
