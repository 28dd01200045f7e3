// The only place that knows which database Loja runs on: PostgreSQL through @prisma/adapter-pg when
// DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. Everything else gets a PrismaClient.
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client.ts";
import { pgliteBufferMb } from "../config.ts";

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
  /**
   * Runs `work` only if no other instance holds the same lock now (a PostgreSQL advisory lock on its own connection,
   * released when the work ends or the connection dies); resolves to `undefined` when another instance has it.
   * On PGlite there is one instance (the data-dir lock): the work always runs.
   */
  onlyOneInstance<T>(lockName: string, work: () => Promise<T>): Promise<T | undefined>;
  /** PostgreSQL only: the connection pool's use now (the metrics). */
  poolUse?(): { max: number; total: number; idle: number; waiting: number };
  /** PGlite only: `onNotify` on every NOTIFY of `channel` (PostgreSQL's instances hear them on the cluster bus). */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite only: a gzip tarball of the data directory at one consistent moment (CHECKPOINT, then the files). */
  dumpDataDir?(): Promise<Blob>;
  /** Flushes and closes: CHECKPOINT + close() on PGlite, ends the pool on PostgreSQL. */
  close(): Promise<void>;
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * PGlite runs a statement synchronously inside the call, so queries queued behind its lock ran back to back in
 * one task: under load the event loop stalled 100-200 ms at a time with every finished response waiting to be
 * written (placement p99 2 s). Prisma's queries here take turns, one per event-loop iteration, so sockets are
 * read and written between any two statements. (Interactive transactions run inside PGlite's own lock and are
 * not delayed between their statements.)
 */
function oneQueryPerTurn(pglite: PGlite): PGlite {
  const waiting: (() => void)[] = [];
  let turnTaken = false;
  const nextTurn = () => {
    const start = waiting.shift();
    if (start) start();
    else turnTaken = false;
  };
  const query: PGlite["query"] = async (...args) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!turnTaken) {
        turnTaken = true;
        setImmediate(nextTurn);
      }
    });
    try {
      return await pglite.query(...args);
    } finally {
      setImmediate(nextTurn);
    }
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite keeps its state in private fields: its methods must run on the real instance.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Every embedded database is opened through here: the catalogue search needs PostgreSQL's `unaccent` and
 * `pg_trgm` (migration 20261124150000), which PGlite ships as extensions that must be loaded when it starts; and
 * its buffer pool is the operator's `PGLITE_SHARED_BUFFERS_MB` (docs/design/operations.md#the-embedded-databases-buffer-pool).
 * `wal_init_zero=off`: PGlite runs every statement on the server's thread, and the statement that filled a 16 MB
 * WAL segment used to write the next one full of zeros first: ~150–180 ms of CPU held at once, every ~16 000 rows of
 * a big write such as a statement import (docs/design/performance.md#bank-statement-import). Without it the new
 * segment is created at its size with one write (fsync is off in PGlite anyway).
 */
export const createPglite = (options: PGliteOptions = {}) =>
  PGlite.create({
    ...options,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${pgliteBufferMb()}MB`, "-c", "wal_init_zero=off"],
    extensions: { unaccent, pg_trgm },
  });

/**
 * Typo tolerance of the catalogue search (`<%`): 0.6 by default needs two of three trigrams of a word right,
 * which misses one wrong letter in the middle of a five-letter word ("tenus"); 0.5 finds it and still keeps
 * unrelated names out. Set per connection, since a database-level setting is not copied into test databases.
 */
const SEARCH_SIMILARITY_SETTING = "pg_trgm.word_similarity_threshold";
const SEARCH_SIMILARITY = "0.5";

export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  const pglite = typeof dataDir === "string" ? await createPglite({ dataDir: pgliteDir(dataDir) }) : dataDir;
  await pglite.exec(`SET ${SEARCH_SIMILARITY_SETTING} = ${SEARCH_SIMILARITY}`);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(oneQueryPerTurn(pglite)) });
  let closed = false;
  return {
    kind: "pglite",
    prisma,
    url: undefined,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    onlyOneInstance: (_lockName, work) => work(),
    listen: (channel, onNotify) => pglite.listen(channel, () => onNotify()),
    // The copy is taken under PGlite's query lock, so no statement writes while it is read; the WAL it holds
    // covers what was committed after the CHECKPOINT.
    dumpDataDir: async () => {
      await pglite.exec("CHECKPOINT");
      return pglite.dumpDataDir("gzip");
    },
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c ${SEARCH_SIMILARITY_SETTING}=${SEARCH_SIMILARITY}` });
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
    poolUse: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onlyOneInstance: async (lockName, work) => {
      const client = await pool.connect();
      // While the work runs this connection sits checked out and idle: if the server drops it (restart, failover,
      // pg_terminate_backend), pg reports that on the client, where no listener would crash the process. The lock
      // goes with the connection; the work's own claims (SKIP LOCKED, conditional updates) keep it safe meanwhile.
      let broken: Error | undefined;
      const onError = (error: Error) => (broken = error);
      client.on("error", onError);
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext($1)) AS locked", [lockName]);
        locked = rows[0]!.locked;
        return locked ? await work() : undefined;
      } finally {
        if (locked && !broken) await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lockName]).catch(() => undefined);
        client.off("error", onError);
        // A broken connection is thrown away rather than handed to the next caller.
        client.release(broken);
      }
    },
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
