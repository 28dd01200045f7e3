import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { randomBytes } from "node:crypto";
import { createPglite, openPglite, openPostgres, type Database } from "../../server/db/client.ts";
import { MIGRATIONS_DIR, migrate, readMigrations } from "../../server/db/migrate.ts";
import { adminQuery, openTestDatabase, withDatabase } from "../helpers/test-db.ts";

describe("the migrator", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db.close());

  it("records every migration in _prisma_migrations the way Prisma does (sha256 checksum, finished, one step)", async () => {
    const files = await readMigrations();
    const rows = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(files[i]!.checksum);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("applies nothing on a database that is up to date", async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it("refuses to start on a migration that was edited after it was applied", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-migrations-"));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const [first] = await readMigrations(dir);
    writeFileSync(path.join(dir, first!.name, "migration.sql"), `${first!.sql}\n-- edited`);
    await expect(migrate(db, dir)).rejects.toThrow(/modified after it was applied/);
  });

  it("brings a database made by an earlier release up to date with only the migrations it lacks, keeping its data", async () => {
    const scratch = await openPglite(await createPglite());
    try {
      const all = await readMigrations();
      const earlier = mkdtempSync(path.join(tmpdir(), "loja-migrations-"));
      cpSync(path.join(MIGRATIONS_DIR, all[0]!.name), path.join(earlier, all[0]!.name), { recursive: true });
      expect(await migrate(scratch, earlier)).toEqual([all[0]!.name]);
      await scratch.exec(`INSERT INTO users (id, name, email, updated_at) VALUES ('antes', 'Cliente antigo', 'antigo@exemplo.ao', now())`);
      expect(await migrate(scratch)).toEqual(all.slice(1).map((m) => m.name));
      const [kept] = await scratch.query<{ name: string }>(`SELECT name FROM users WHERE id = 'antes'`);
      expect(kept?.name).toBe("Cliente antigo");
      expect(await migrate(scratch)).toEqual([]);
    } finally {
      await scratch.close();
    }
  });

  it("rolls back a failing migration completely and reports it", async () => {
    const scratch = await openPglite(await createPglite());
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "loja-migrations-"));
      mkdirSync(path.join(dir, "20990101000000_ok"));
      writeFileSync(path.join(dir, "20990101000000_ok", "migration.sql"), `CREATE TABLE "a" ("id" INTEGER);`);
      mkdirSync(path.join(dir, "20990102000000_broken"));
      writeFileSync(path.join(dir, "20990102000000_broken", "migration.sql"), `CREATE TABLE "b" ("id" INTEGER); SELECT * FROM "missing";`);
      await expect(migrate(scratch, dir)).rejects.toThrow(/20990102000000_broken failed/);
      const tables = await scratch.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(["_prisma_migrations", "a"]);
      const applied = await scratch.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`);
      expect(applied.map((r) => r.migration_name)).toEqual(["20990101000000_ok"]);
    } finally {
      await scratch.close();
    }
  });
});

if (inject("dbKind") === "postgres")
  describe("several instances starting together", () => {
    it("migrate a fresh PostgreSQL database once: three migrators at once, each migration applied by exactly one", async () => {
      const serverUrl = inject("dbServerUrl");
      const name = `loja_m_${randomBytes(6).toString("hex")}`;
      await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
      const instances = await Promise.all([1, 2, 3].map(() => openPostgres(withDatabase(serverUrl, name), 2)));
      try {
        const ran = await Promise.all(instances.map((instance) => migrate(instance)));
        const all = (await readMigrations()).map((m) => m.name);
        // Under the advisory lock the first migrator applies everything; the others find it done.
        expect(ran.flat().sort()).toEqual(all);
        expect(ran.filter((names) => names.length > 0)).toHaveLength(1);
        const rows = await instances[0]!.query<{ migration_name: string }>(
          `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`,
        );
        expect(rows.map((r) => r.migration_name)).toEqual(all);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    });
  });
