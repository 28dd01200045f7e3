// Opens everything the app needs, in order: data-dir lock, database, migrations, demo data, secrets, app.
// main.ts and the tests both start Loja through here, so they exercise the same path.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { lockDataDir } from "./db/lock.ts";
import { listenForBackups } from "./backup/snapshot.ts";
import { secureDataDir, securePrivateFile } from "./db/data-dir.ts";
import path from "node:path";
import { migrate } from "./db/migrate.ts";
import type { NaturalBatchOptions } from "./db/natural-batch.ts";
import { buildApp, type BuildOptions } from "./app.ts";
import { createAppyPayClient, createFiscalProvider, createPaymentClients, type AppDeps } from "./deps.ts";
import { CART_BATCH, createCartAdder } from "./domain/cart/adder.ts";
import { ListCache } from "./domain/catalogue/list-cache.ts";
import { listShopProducts } from "./domain/catalogue/service.ts";
import { FileCache } from "./domain/media/file-cache.ts";
import { AttemptLimiter } from "./domain/users/attempt-limiter.ts";
import { createMediaStore } from "./domain/media/open-store.ts";
import { moveStoredBytes } from "./domain/media/service.ts";
import { sweepTempDir, type MediaStore } from "./domain/media/store.ts";
import { Hub } from "./realtime/hub.ts";
import { ClusterBus } from "./cluster/bus.ts";
import { Notifier } from "./notifications/notifier.ts";
import { ShopSettingsCache } from "./domain/settings/settings-cache.ts";
import { browserPushServices, type PushEndpointPolicy } from "./notifications/push/endpoints.ts";
import { createTokenService, loadOrCreateSecret } from "./domain/users/tokens.ts";
import { Sessions } from "./domain/users/sessions.ts";
import { usersRepository } from "./domain/users/repository.ts";
import { createStaffAccount } from "./domain/users/service.ts";
import { seedDemo } from "./demo/seed.ts";
import { Lifecycle } from "./ops/lifecycle.ts";

const DEMO_ADMIN_EMAIL = "admin@loja.local";

export interface Started {
  app: FastifyInstance;
  deps: AppDeps;
  /** Set when this start created the demo admin: print it once. */
  demoAdmin: { email: string; password: string } | undefined;
  seeded: number;
  close(): Promise<void>;
}

export interface DepsOptions {
  /** How "add to cart" calls are batched (tests narrow it to force batches). */
  cartBatch?: NaturalBatchOptions;
  /** The media store, when the caller opened it already (start() does, to move old rows' bytes and seed). */
  media?: MediaStore;
  /**
   * Where web pushes may go. Production always uses the browsers' push services; only code that builds its own deps
   * (tests, with a local stand-in service) can pass another: no setting or variable reaches it.
   */
  pushEndpoints?: PushEndpointPolicy;
  /** How long an account's session state is trusted unannounced (SESSION_CACHE_TTL_MS; a test of the safety net shortens it). */
  sessionTtlMs?: number;
}

export function createDeps(config: Config, db: Database, options: DepsOptions = {}): AppDeps {
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  // A re-generated secret keeps the mode of the file it replaced: make it private every time.
  if (!config.jwtSecret) securePrivateFile(path.join(config.dataDir, "jwt-secret"));
  const tokens = createTokenService(secret, config.jwtTtlSeconds);
  const productListCache = new ListCache(() => listShopProducts(db.prisma));
  const sessions = new Sessions(db.prisma, options.sessionTtlMs);
  const shopSettings = new ShopSettingsCache(db.prisma);
  const bus = new ClusterBus({ db, sessions, productListCache, shopSettings });
  const hub = new Hub({ db, tokens, sessions, bus });
  const appypay = createAppyPayClient(config);
  return {
    config,
    db,
    tokens,
    sessions,
    productListCache,
    files: new FileCache(),
    attempts: new AttemptLimiter(db.prisma, { embedded: db.kind === "pglite" }),
    media: options.media ?? createMediaStore(config),
    // PGlite runs one statement at a time, within the event-loop turn: adds gather for a turn and go one batch at a time.
    cartAdder: createCartAdder(
      db.prisma,
      options.cartBatch ?? (db.kind === "pglite" ? { ...CART_BATCH, concurrency: 1, gatherTurn: true } : CART_BATCH),
    ),
    // Started by plugins/cluster.ts and plugins/realtime.ts; closed with the app, before the database.
    hub,
    bus,
    payments: createPaymentClients(config, appypay),
    fiscal: createFiscalProvider(config, appypay),
    shopSettings,
    notifier: new Notifier({
      db: db.prisma,
      config,
      local: hub,
      settings: shopSettings,
      pushEndpoints: options.pushEndpoints ?? browserPushServices(),
      tokenSecret: secret,
    }),
    lifecycle: new Lifecycle(),
  };
}

/** On the embedded default, the first start creates an admin so the console can be opened at once. */
async function ensureDemoAdmin(config: Config, db: Database, env: NodeJS.ProcessEnv) {
  if (config.databaseUrl) return undefined;
  if ((await usersRepository(db.prisma).countStaff()) > 0) return undefined;
  const password = env.DEMO_ADMIN_PASSWORD || randomBytes(12).toString("base64url");
  await createStaffAccount(db.prisma, { email: DEMO_ADMIN_EMAIL, name: "Administrador (demo)", password, role: "admin" });
  return { email: DEMO_ADMIN_EMAIL, password };
}

interface StartOptions extends BuildOptions {
  logger?: FastifyServerOptions["logger"];
  /** Awaited after the database is ready and before the app is built (the apps' build, run in parallel). */
  beforeApp?: Promise<unknown>;
}

export async function start(config: Config, options: StartOptions = {}, env = process.env): Promise<Started> {
  const release = config.databaseUrl ? async () => undefined : await lockDataDir(config.dataDir);
  let db: Database | undefined;
  try {
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    db = await openDatabase(config);
    await migrate(db);
    const media = createMediaStore(config);
    await sweepTempDir(media.tempDir);
    await moveStoredBytes(db.prisma, media); // rows that still hold their bytes in the database, once
    const seed = config.seedDemo ? await seedDemo(db.prisma, media) : undefined;
    const demoAdmin = await ensureDemoAdmin(config, db, env);
    // PGlite sets its own modes on some files it writes when opening (pg_internal.init 0644): private again.
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    const deps = createDeps(config, db, { media });
    await options.beforeApp;
    const app = await buildApp(deps, options);
    const openDb = db;
    const stopBackups =
      openDb.kind === "pglite" ? await listenForBackups(openDb, config.dataDir, (line) => app.log.info(line)) : async () => undefined;
    let closing: Promise<void> | undefined;
    return {
      app,
      deps,
      demoAdmin,
      seeded: seed?.seeded ? seed.products : 0,
      close: () =>
        (closing ??= (async () => {
          await app.close();
          await stopBackups();
          await deps.hub.close();
          await deps.bus.close();
          await openDb.close();
          await release();
        })()),
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    await release();
    throw error;
  }
}
