// Whether this instance should receive traffic (docs/design/operations.md#health): the database answers within a
// short time, every migration this build knows is applied there, and the instance is not draining for a shutdown.
import type { Database } from "../db/client.ts";
import { readMigrations } from "../db/migrate.ts";
import type { Lifecycle } from "./lifecycle.ts";

export type Readiness = { ready: true } | { ready: false; message: string };

export const NOT_READY = {
  draining: "A instância está a encerrar: os pedidos seguem para outra",
  database: "A base de dados não responde",
  migrations: "A base de dados ainda não tem todas as migrações desta versão",
} as const;

export interface ReadinessCheck {
  check(): Promise<Readiness>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function createReadinessCheck(
  db: Pick<Database, "query">,
  lifecycle: Lifecycle,
  /** timeoutMs: a database slower than this to answer `SELECT` is as good as gone for a shopper (READY_DB_TIMEOUT_MS). */
  options: { timeoutMs: number; migrationsDir?: string },
): Promise<ReadinessCheck> {
  const expected = (await readMigrations(options.migrationsDir)).map((m) => m.name);
  const { timeoutMs } = options;
  // Once every migration was seen applied it stays so (migrations are never rolled back under a running shop):
  // later checks only ask whether the database answers.
  let migrated = false;
  const probe = async (): Promise<boolean> => {
    if (migrated) {
      await db.query("SELECT 1");
      return true;
    }
    const rows = await db.query<{ applied: number }>(
      `SELECT count(*)::int AS applied FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL AND migration_name = ANY($1::text[])`,
      [expected],
    );
    migrated = rows[0]?.applied === expected.length;
    return migrated;
  };
  return {
    async check() {
      if (lifecycle.draining) return { ready: false, message: NOT_READY.draining };
      let result: boolean | "timeout";
      try {
        result = await withTimeout(probe(), timeoutMs);
      } catch {
        return { ready: false, message: NOT_READY.database };
      }
      if (result === "timeout") return { ready: false, message: NOT_READY.database };
      if (!result) return { ready: false, message: NOT_READY.migrations };
      // Asked again after the wait: a SIGTERM may have come while the database answered.
      return lifecycle.draining ? { ready: false, message: NOT_READY.draining } : { ready: true };
    },
  };
}
