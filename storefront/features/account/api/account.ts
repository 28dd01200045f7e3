import { api } from "../../../lib/api-client.ts";
import type { Static } from "typebox";
import type { AccountReply as AccountReplySchema } from "../../../../server/schemas/users.ts";

/** GET/PATCH /api/user/account: the server's own reply type. */
export type Account = Static<typeof AccountReplySchema>["account"];
type AccountReply = Static<typeof AccountReplySchema>;

export type AccountChanges = Partial<Pick<Account, "name" | "savedAddress" | "notifyEmail" | "notifyPush" | "whatsappOptIn" | "smsOptIn">>;

export const getAccount = async (opts: { quiet?: boolean } = {}): Promise<Account> =>
  (await api<AccountReply>("/api/user/account", { quiet: opts.quiet })).account;

export const updateAccount = async (changes: AccountChanges): Promise<Account> =>
  (await api<AccountReply>("/api/user/account", { method: "PATCH", body: changes })).account;

/** Every other session ends; the reply's token keeps this one going. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<{ success: true; token: string; message: string }>("/api/user/change-password", { body: { currentPassword, newPassword } });
