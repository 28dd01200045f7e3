import { api } from "../../../lib/api-client.ts";
import type { Static } from "typebox";
import type { AccountReply as AccountReplySchema } from "../../../../server/schemas/users.ts";

/** GET/PATCH /api/user/account: the server's own reply type. */
export type Account = Static<typeof AccountReplySchema>["account"];
type AccountReply = Static<typeof AccountReplySchema>;

export type AccountChanges = Partial<
  Pick<Account, "name" | "savedAddress" | "nif" | "notifyEmail" | "notifyPush" | "whatsappOptIn" | "smsOptIn">
>;

export const getAccount = async (opts: { quiet?: boolean } = {}): Promise<Account> =>
  (await api<AccountReply>("/api/user/account", { quiet: opts.quiet })).account;

export const updateAccount = async (changes: AccountChanges): Promise<Account> =>
  (await api<AccountReply>("/api/user/account", { method: "PATCH", body: changes })).account;

/** Every other session ends; the reply's token keeps this one going. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<{ success: true; token: string; message: string }>("/api/user/change-password", { body: { currentPassword, newPassword } });

/** POST /api/user/phone/code: a code to confirm `phone`, by WhatsApp or SMS (docs/product/accounts.md#confirming-a-phone). */
export const requestPhoneCode = (phone: string, channel?: "whatsapp" | "sms") =>
  api<{ success: true; message: string; phone: string; channel: "whatsapp" | "sms" | null; alreadyVerified: boolean }>(
    "/api/user/phone/code",
    { body: { phone, ...(channel ? { channel } : {}) } },
  );

/** POST /api/user/phone/confirm: the code typed back; answers the account with the phone among its confirmed ones. */
export const confirmPhone = async (phone: string, code: string): Promise<Account> =>
  (await api<AccountReply>("/api/user/phone/confirm", { body: { phone, code } })).account;
