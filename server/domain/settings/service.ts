// The shop's own details (phones, e-mails, addresses, bank): what the storefront shows, and what staff edit.
// Saving real values clears the demo flag the seed sets.
import type { Config } from "../../config.ts";
import type { Db, PrismaClient } from "../../db/client.ts";
import type { AdminSettings, AdminSettingsBody } from "../../schemas/admin-settings.ts";
import type { PublicSettings } from "../../schemas/settings.ts";
import { settingsRepository } from "./repository.ts";

export async function getPublicSettings(db: Db, config: Pick<Config, "firebase">): Promise<PublicSettings> {
  const row = await settingsRepository(db).get();
  const firebase = config.firebase;
  return {
    phones: row?.phones ?? [],
    emails: row?.emails ?? [],
    addresses: row?.addresses ?? [],
    bank: { bankName: row?.bankName ?? "", accountHolder: row?.accountHolder ?? "", accountNumber: row?.accountNumber ?? "", iban: row?.iban ?? "" },
    isDemo: row?.isDemo ?? false,
    phoneLogin: firebase?.apiKey ? { apiKey: firebase.apiKey, authDomain: firebase.authDomain ?? "", projectId: firebase.projectId } : null,
  };
}

const EMPTY = { phones: [], emails: [], addresses: [], bankName: "", accountHolder: "", accountNumber: "", iban: "", isDemo: false, updatedAt: new Date(0) };

export async function getAdminSettings(db: PrismaClient): Promise<AdminSettings> {
  const { updatedAt, ...row } = (await settingsRepository(db).getWithUpdatedAt()) ?? EMPTY;
  return { id: 1, ...row, updatedAt: updatedAt.toISOString() };
}

export async function saveAdminSettings(db: PrismaClient, body: AdminSettingsBody): Promise<AdminSettings> {
  const clean = (list: string[]) => list.map((s) => s.trim());
  await settingsRepository(db).save({
    phones: clean(body.phones),
    emails: clean(body.emails).map((e) => e.toLowerCase()),
    addresses: clean(body.addresses),
    bankName: body.bankName.trim(),
    accountHolder: body.accountHolder.trim(),
    accountNumber: body.accountNumber.trim(),
    iban: body.iban.trim(),
    isDemo: false,
  });
  return getAdminSettings(db);
}
