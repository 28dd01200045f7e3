import type { Db } from "../../db/client.ts";

export const adminSettingsRepository = (db: Db) => ({
  updatedAt: async () => (await db.shopSettings.findUnique({ where: { id: 1 }, select: { updatedAt: true } }))?.updatedAt ?? null,
});
