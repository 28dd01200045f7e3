import { api } from "../../../lib/api-client.ts";
import type { Address } from "../../checkout/types.ts";

/** GET/PATCH /api/user/account (the session contract of issue 13). */
export interface Account {
  name: string;
  /** Identities: shown, not edited here. */
  email: string | null;
  phone: string | null;
  savedAddress: Address | null;
  notifyEmail: boolean;
  notifyPush: boolean;
}

export type AccountChanges = Partial<Pick<Account, "name" | "savedAddress" | "notifyEmail" | "notifyPush">>;

type AccountReply = { success: true; account: Account };

export const getAccount = async (opts: { quiet?: boolean } = {}): Promise<Account> => (await api<AccountReply>("/api/user/account", { quiet: opts.quiet })).account;

export const updateAccount = async (changes: AccountChanges): Promise<Account> =>
  (await api<AccountReply>("/api/user/account", { method: "PATCH", body: changes })).account;

/** Every other session ends; the reply's token keeps this one going. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<{ success: true; token: string; message: string }>("/api/user/change-password", { body: { currentPassword, newPassword } });
