import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
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
