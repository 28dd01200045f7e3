// The shop's own details (phones, e-mails, addresses, bank) as staff edit them. Saving real values clears
// the demo flag the seed sets.
import type { PrismaClient } from "../../db/client.ts";
import { settingsRepository } from "../settings/repository.ts";
import type { AdminSettings, AdminSettingsBody } from "../../schemas/admin-settings.ts";
import { adminSettingsRepository } from "./settings-repository.ts";

const EMPTY = { phones: [], emails: [], addresses: [], bankName: "", accountHolder: "", accountNumber: "", iban: "", isDemo: false };

export async function getAdminSettings(db: PrismaClient): Promise<AdminSettings> {
  const row = (await settingsRepository(db).get()) ?? EMPTY;
  const updatedAt = await adminSettingsRepository(db).updatedAt();
  return { id: 1, ...row, updatedAt: (updatedAt ?? new Date(0)).toISOString() };
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
