// Fresh real databases for tests. PGlite: initialise + migrate + seed once (global setup), dump, and load the
// dump per test file (~1 s instead of ~6 s). PostgreSQL: build a template database once and CREATE DATABASE …
// TEMPLATE it per test file.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

const tmp = fileURLToPath(new URL("../.tmp", import.meta.url));

/** The file that says a PostgreSQL template database is complete (the global setup writes it last). */
export const templateMarker = (template: string): string => path.join(tmp, `${template}.ready`);

/**
 * Waits until the global setup, which makes the templates in the background, has finished `template`: the PGlite
 * dump is there (it gets its name once complete), or the PostgreSQL template's marker is. Throws the setup's error.
 */
export async function templateReady(kind: TestDbKind, template: string): Promise<void> {
  const done = kind === "pglite" ? template : templateMarker(template);
  const failed = `${done}.failed`;
  for (const started = Date.now(); !existsSync(done); await new Promise((r) => setTimeout(r, 50))) {
    if (existsSync(failed)) throw new Error(`the ${kind} test template could not be made:\n${readFileSync(failed, "utf8")}`);
    if (Date.now() - started > 300_000) throw new Error(`the ${kind} test template was not made within 5 minutes`);
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
  await templateReady(kind, template);
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
