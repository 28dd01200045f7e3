// Fresh real databases for tests. PGlite: initialise + migrate + seed once (global setup), dump, and load the
// dump per test file (~1 s instead of ~6 s). PostgreSQL: build a template database once and CREATE DATABASE …
// TEMPLATE it per test file.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { createPglite, openPglite, openPostgres, type Database } from "../../server/db/client.ts";

export type TestDbKind = "pglite" | "postgres";

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The template dump, read once per worker (API workers run file after file in one process). */
const dumps = new Map<string, Promise<Blob>>();
const templateDump = (file: string) => {
  if (!dumps.has(file))
    dumps.set(
      file,
      readFile(file).then((bytes) => new Blob([bytes])),
    );
  return dumps.get(file)!;
};

/** Opens a new database holding the template's migrated and seeded state. */
export async function openTestDatabase(kind: TestDbKind, template: string, serverUrl?: string): Promise<Database & { name: string }> {
  if (kind === "pglite") {
    const pglite = await createPglite({ loadDataDir: await templateDump(template) });
    return Object.assign(await openPglite(pglite), { name: "pglite" });
  }
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const name = `loja_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const db = await openPostgres(withDatabase(serverUrl, name), 5);
  const close = db.close;
  return Object.assign(db, {
    name,
    close: async () => {
      await close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    },
  });
}
