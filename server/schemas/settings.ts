import { Type, type Static } from "typebox";

/** Public shop details for the storefront (footer, contact, about, privacy, transfer page). */
export const PublicSettings = Type.Object({
  phones: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  addresses: Type.Array(Type.String()),
  bank: Type.Object({ bankName: Type.String(), accountHolder: Type.String(), accountNumber: Type.String(), iban: Type.String() }),
  isDemo: Type.Boolean(),
  /** The number wa.me links open (E.164's digits): the settings' WhatsApp number, else the first phone; null: none. */
  whatsapp: Type.Union([Type.String(), Type.Null()]),
  /** Firebase web config when phone login is configured; null hides the phone-login block. */
  phoneLogin: Type.Union([Type.Object({ apiKey: Type.String(), authDomain: Type.String(), projectId: Type.String() }), Type.Null()]),
  /** Returns and exchanges (docs/product/returns.md): days after delivery to ask (0: off) and the policy text. */
  returns: Type.Object({ windowDays: Type.Integer(), policy: Type.String() }),
});
export type PublicSettings = Static<typeof PublicSettings>;

export const SettingsReply = Type.Object({ success: Type.Literal(true), settings: PublicSettings });
export type SettingsReply = Static<typeof SettingsReply>;
