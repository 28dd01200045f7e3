// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";
import { lockDataDir } from "./lock.ts";
import { migrate } from "./migrate.ts";

process.umask(0o077); // files it creates in DATA_DIR are the shop user's alone
const config = loadConfig();
const release = config.databaseUrl ? async () => undefined : await lockDataDir(config.dataDir);
const db = await openDatabase(config);
try {
  const ran = await migrate(db);
  console.log(ran.length ? `Applied ${ran.length} migration(s): ${ran.join(", ")}` : "Database is up to date.");
} finally {
  await db.close();
  await release();
}
