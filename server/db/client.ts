// The only place that knows which database Loja runs on: PostgreSQL through @prisma/adapter-pg when
// DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. Everything else gets a PrismaClient.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client.ts";

export type { PrismaClient } from "./generated/client.ts";
export { Prisma } from "./generated/client.ts";

/** A transaction client or the base client: repositories accept either. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** Raw SQL for the migrator and health checks: one statement script, no parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** PostgreSQL connection string (for LISTEN/NOTIFY); undefined on PGlite. */
  url: string | undefined;
  /** Flushes and closes: CHECKPOINT + close() on PGlite, ends the pool on PostgreSQL. */
  close(): Promise<void>;
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  const pglite = typeof dataDir === "string" ? await PGlite.create(pgliteDir(dataDir)) : dataDir;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  let closed = false;
  return {
    kind: "pglite",
    prisma,
    url: undefined,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      // PGlite has no crash recovery of its own: write everything out before closing.
      await pglite.exec("CHECKPOINT").catch(() => undefined);
      await pglite.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover, pg_terminate_backend) is reported on the pool;
  // without a listener that event would crash the process. The pool simply opens a new connection next time.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  return {
    kind: "postgres",
    prisma,
    url,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
