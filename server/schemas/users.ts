import { Type, type Static } from "typebox";
import { ShortText, StrictObject } from "./common.ts";
import { Address, AddressInput } from "./orders.ts";

// Empty values pass the edge on purpose: the domain answers them with the sign-up rules' own messages
// (docs/product/accounts.md#sign-up-rules).
export const RegisterBody = StrictObject({
  name: ShortText({ maxLength: 120 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = StrictObject({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) });
export type LoginBody = Static<typeof LoginBody>;

export const FirebaseLoginBody = StrictObject({ idToken: Type.String({ minLength: 1, maxLength: 8192 }) });
export type FirebaseLoginBody = Static<typeof FirebaseLoginBody>;

export const TokenReply = Type.Object({ success: Type.Literal(true), token: Type.String(), message: Type.Optional(Type.String()) });
export type TokenReply = Static<typeof TokenReply>;

export const StaffLoginReply = Type.Object({
  success: Type.Literal(true),
  token: Type.String(),
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]), role: Type.String() }),
});
export type StaffLoginReply = Static<typeof StaffLoginReply>;

// Account security (logout, change and reset of the password). Empty values pass the edge: the domain answers
// them with the password rule's own messages.
export const ChangePasswordBody = StrictObject({
  currentPassword: Type.String({ maxLength: 128 }),
  newPassword: Type.String({ maxLength: 128 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ForgotPasswordBody = StrictObject({ email: Type.String({ maxLength: 254 }) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = StrictObject({ token: Type.String({ maxLength: 128 }), password: Type.String({ maxLength: 128 }) });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const MessageReply = Type.Object({ success: Type.Literal(true), message: Type.String() });
export const LogoutReply = Type.Object({ success: Type.Literal(true) });

// The shopper's account page. Identities (e-mail, phone) are shown, not changed here. The saved
// address has checkout's shape and passes checkout's rules (server/domain/users/account.ts).
export const AccountReply = Type.Object({
  success: Type.Literal(true),
  account: Type.Object({
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    savedAddress: Type.Union([Address, Type.Null()]),
    /** The buyer's NIF checkout pre-fills (docs/product/fiscal-documents.md#the-nif); null: none. */
    nif: Type.Union([Type.String(), Type.Null()]),
    notifyEmail: Type.Boolean(),
    notifyPush: Type.Boolean(),
    /** Order updates on WhatsApp / by SMS (docs/product/notifications.md#whatsapp-and-sms); off by default. */
    whatsappOptIn: Type.Boolean(),
    smsOptIn: Type.Boolean(),
    /** The phones order messages may go to (E.164): the sign-in phone, then those confirmed with a code. */
    verifiedPhones: Type.Array(Type.String()),
    /** How a code confirming a phone can be sent (none: the shop has neither WhatsApp nor SMS configured). */
    phoneCodeChannels: Type.Array(Type.Union([Type.Literal("whatsapp"), Type.Literal("sms")])),
  }),
});
export const AccountChangesBody = StrictObject({
  name: Type.Optional(ShortText({ maxLength: 120 })),
  savedAddress: Type.Optional(Type.Union([AddressInput, Type.Null()])),
  /** Checked and normalised by shared/nif.ts; "" or null removes it. */
  nif: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  notifyEmail: Type.Optional(Type.Boolean()),
  notifyPush: Type.Optional(Type.Boolean()),
  whatsappOptIn: Type.Optional(Type.Boolean()),
  smsOptIn: Type.Optional(Type.Boolean()),
});
export type AccountChangesBody = Static<typeof AccountChangesBody>;

// Confirming a phone (docs/product/accounts.md#confirming-a-phone): a code sent to it, typed back.
const PhoneChannel = Type.Union([Type.Literal("whatsapp"), Type.Literal("sms")]);
export const PhoneCodeBody = StrictObject({
  phone: ShortText({ minLength: 1, maxLength: 40 }),
  /** Left out: WhatsApp when the shop sends it, else SMS. */
  channel: Type.Optional(PhoneChannel),
});
export type PhoneCodeBody = Static<typeof PhoneCodeBody>;
export const PhoneCodeReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** E.164. */
  phone: Type.String(),
  /** How the code went; null when the phone was already confirmed (nothing sent). */
  channel: Type.Union([PhoneChannel, Type.Null()]),
  alreadyVerified: Type.Boolean(),
});
export const PhoneConfirmBody = StrictObject({
  phone: ShortText({ minLength: 1, maxLength: 40 }),
  code: Type.String({ maxLength: 12 }),
});
export type PhoneConfirmBody = Static<typeof PhoneConfirmBody>;
