// Applies prisma/migrations/<name>/migration.sql in order, each in its own transaction, and records them in
// `_prisma_migrations` exactly as Prisma does (same table, checksum = sha256 of the file), so `prisma migrate
// status/deploy` agree wherever Prisma's engines are available. We apply them ourselves because Prisma's CLI
// needs a downloaded schema engine, which this environment (and many production images) cannot fetch.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Database } from "./client.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Arbitrary constant shared by every Loja instance: one migrator at a time on PostgreSQL. */
const ADVISORY_LOCK_KEY = 72707369;

interface Session {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

async function applyPending(session: Session, migrations: MigrationFile[]): Promise<string[]> {
  await session.exec(CREATE_TABLE);
  const applied = await session.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
  );
  const done = new Map(applied.filter((m) => m.rolled_back_at === null).map((m) => [m.migration_name, m]));
  const ran: string[] = [];
  for (const migration of migrations) {
    const previous = done.get(migration.name);
    if (previous) {
      if (previous.finished_at === null)
        throw new Error(`Migration ${migration.name} failed earlier and was not resolved; fix the database by hand first`);
      if (previous.checksum !== migration.checksum) throw new Error(`Migration ${migration.name} was modified after it was applied`);
      continue;
    }
    const id = randomUUID();
    await session.exec("BEGIN");
    try {
      await session.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
        id,
        migration.checksum,
        migration.name,
      ]);
      await session.exec(migration.sql);
      await session.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
      await session.exec("COMMIT");
    } catch (error) {
      await session.exec("ROLLBACK");
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
    ran.push(migration.name);
  }
  return ran;
}

/** Applies every pending migration; returns the names it applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  if (db.kind === "pglite") {
    return applyPending({ query: db.query, exec: db.exec }, migrations);
  }
  // One dedicated connection: the advisory lock and the transactions must share it.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    return await applyPending(
      {
        query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        exec: async (sql) => {
          await client.query(sql);
        },
      },
      migrations,
    );
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
