// Builds the real app on a fresh real database for `app.inject` and socket tests.
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../server/config.ts";
import { buildApp, type AppLimits, type Timeouts } from "../../server/app.ts";
import { createDeps, type DepsOptions } from "../../server/bootstrap.ts";
import type { AppDeps } from "../../server/deps.ts";
import { openPostgres, type Database, type PrismaClient } from "../../server/db/client.ts";
import { createStaffAccount } from "../../server/domain/users/service.ts";
import { openTestDatabase } from "./test-db.ts";
import { mediaDir } from "../../server/domain/media/store.ts";
import { eventsRepository } from "../../server/domain/events/repository.ts";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  prisma: PrismaClient;
  deps: AppDeps;
  config: Config;
  /** Until the domain events due now were handled (settleEvents). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides for loadConfig (e.g. STRIPE_SECRET_KEY). */
  env?: Record<string, string>;
  limits?: Partial<AppLimits>;
  timeouts?: Partial<Timeouts>;
  deps?: DepsOptions;
}

/**
 * Until every domain event due now has had its reactions (docs/design/events.md): what a test awaits before it
 * reads what reactions write (the outbox, the shop's chat lines) or drives a job by hand. Events waiting for a
 * retry are not waited for. Only with the instance's events worker on (EVENTS_WORKER).
 */
export async function settleEvents(prisma: PrismaClient, config: Pick<Config, "eventsWorker">): Promise<void> {
  if (!config.eventsWorker) return;
  for (let tries = 0; (await eventsRepository(prisma).dueNow()) > 0; tries++) {
    if (tries > 2000) throw new Error("domain events were never handled");
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-test-"));
  // The template database's seeded images are files: each app gets its own copy, as its own DATA_DIR holds them.
  const seededMedia = mediaDir(inject("mediaTemplate"));
  if (existsSync(seededMedia)) cpSync(seededMedia, mediaDir(dataDir), { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    // Generous unless a test is about it: every test's placements come from one address.
    PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
    ...options.env,
  });
  const deps = createDeps(config, db, options.deps);
  // Generous limits unless a test is about them: many sign-ups come from one test address.
  const app = await buildApp(deps, {
    serveApps: false,
    limits: { registerPerWindow: 10_000, ...options.limits },
    timeouts: options.timeouts,
  });
  await app.ready();
  return {
    app,
    db,
    prisma: db.prisma,
    deps,
    config,
    settled: () => settleEvents(db.prisma, config),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Another instance of the shop on `t`'s PostgreSQL database: its own pool, hub, caches and LISTEN connection, as a
 * second server would have (multi-instance tests). Not listening: `listen(other.app)` where sockets are needed.
 */
export async function buildOtherInstance(
  t: Pick<TestApp, "db" | "config">,
  options: {
    limits?: Partial<AppLimits>;
    /** Reach the database through another address (a proxy the test can cut). */ databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const db = await openPostgres(options.databaseUrl ?? t.db.url!, 5);
  const deps = createDeps(t.config, db);
  const app = await buildApp(deps, { serveApps: false, limits: { registerPerWindow: 10_000, ...options.limits } });
  return {
    app,
    db,
    prisma: db.prisma,
    deps,
    config: t.config,
    settled: () => settleEvents(db.prisma, t.config),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = "cliente") => `${prefix}.${process.pid}.${Date.now()}.${counter++}@exemplo.ao`;

export interface Customer {
  token: string;
  userId: string;
  email: string;
  password: string;
  auth: { authorization: string };
}

export async function registerCustomer(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<Customer> {
  const body = {
    name: overrides.name ?? "Cliente Teste",
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? "senha-segura-1",
  };
  const res = await app.inject({ method: "POST", url: "/api/user/register", payload: body });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json() as { token: string };
  const claims = await app.deps.tokens.verify(token);
  return { token, userId: claims!.userId, email: body.email, password: body.password, auth: { authorization: `Bearer ${token}` } };
}

export async function createStaff(test: TestApp, role: "admin" | "support" = "admin") {
  const email = uniqueEmail(role);
  const password = "senha-da-equipa-1";
  const user = await createStaffAccount(test.prisma, { email, password, role, name: role === "admin" ? "Admin Teste" : "Suporte Teste" });
  const token = await test.deps.tokens.sign({ userId: user.id, role, sessionVersion: 0 });
  return { userId: user.id, email, password, token, auth: { authorization: `Bearer ${token}` } };
}
