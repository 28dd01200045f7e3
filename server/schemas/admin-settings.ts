import { Type, type Static } from "typebox";
import { ShortText, StrictObject } from "./common.ts";

/** The single settings row as staff edit it; the id is always 1 (ra-data-simple-rest needs one). */
export const AdminSettings = Type.Object({
  id: Type.Literal(1),
  phones: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  addresses: Type.Array(Type.String()),
  bankName: Type.String(),
  accountHolder: Type.String(),
  accountNumber: Type.String(),
  iban: Type.String(),
  isDemo: Type.Boolean(),
  updatedAt: Type.String(),
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
  iban: ShortText({ minLength: 1, maxLength: 60 }),
});
export type AdminSettingsBody = Static<typeof AdminSettingsBody>;
