import type { PublicSettings, SettingsReply } from "../../../../server/schemas/settings.ts";
import { api } from "../../../lib/api-client.ts";

/** Shop contact and bank details are data, edited in the console (docs/product/console.md#definições-admins). */
export const getSettings = async (): Promise<PublicSettings> => (await api<SettingsReply>("/api/settings", { quiet: true })).settings;
