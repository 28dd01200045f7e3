import { Type, type Static } from "typebox";

/** Public shop details for the storefront (footer, contact, about, privacy, transfer page). */
export const PublicSettings = Type.Object({
  phones: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  addresses: Type.Array(Type.String()),
  bank: Type.Object({ bankName: Type.String(), accountHolder: Type.String(), accountNumber: Type.String(), iban: Type.String() }),
  isDemo: Type.Boolean(),
  /** Firebase web config when phone login is configured; null hides the phone-login block. */
  phoneLogin: Type.Union([Type.Object({ apiKey: Type.String(), authDomain: Type.String(), projectId: Type.String() }), Type.Null()]),
});
export type PublicSettings = Static<typeof PublicSettings>;

export const SettingsReply = Type.Object({ success: Type.Literal(true), settings: PublicSettings });
export type SettingsReply = Static<typeof SettingsReply>;
