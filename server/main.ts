// Process entry: configuration, logger, listen, graceful shutdown. Everything else is in bootstrap.ts / app.ts.
// `npm start` (scripts/start.mjs) calls main() with the app build to run alongside the database start-up;
// `tsx server/main.ts` (npm run dev) runs it directly.
import { pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { ConfigError, checkPublicUrl, loadConfig, type Config } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { start, type Started } from "./bootstrap.ts";

function fail(message: string): never {
  process.stderr.write(`loja: ${message}\n`);
  process.exit(1);
}

export interface MainOptions {
  /** Work to finish before the app is built, run while the database opens (npm start: building the apps). */
  prepare?: () => Promise<unknown>;
  /** NODE_ENV=production was set by `npm start` itself, not by the operator (the local embedded shop). */
  nodeEnvDefaulted?: boolean;
}

export async function main(options: MainOptions = {}): Promise<void> {
  // Everything this process creates (PGlite's files, the secret, backups) is for the shop's user alone.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
    checkPublicUrl(config, process.env, options.nodeEnvDefaulted);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const startedAt = performance.now();
  const prepared = options.prepare?.().catch((error: Error) => {
    throw new Error(`building the apps failed: ${error.message}`);
  });
  prepared?.catch(() => undefined); // handled where start() awaits it; this only keeps Node from calling it unhandled
  let started: Started;
  try {
    started = await start(config, {
      logger: { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.token"] },
      requestLogging: config.logLevel === "debug" || config.logLevel === "trace",
      beforeApp: prepared,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`could not start: ${(error as Error).message}`);
  }

  const { app, demoAdmin, seeded } = started;
  let stopping = false;
  // docs/design/operations.md#shutdown: not ready at once (the proxy moves new requests elsewhere) while still
  // serving for SHUTDOWN_DRAIN_MS, then close: no new connections, in-flight requests finish, sockets get the
  // reconnect close code, jobs finish their round, the database closes. Whatever hangs, the process exits in bounded time.
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    started.deps.lifecycle.drain();
    app.log.info(`${signal} received: draining for ${config.shutdownDrainMs} ms, then closing sockets and the database`);
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000);
    force.unref();
    try {
      if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
      await started.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await started.close().catch(() => undefined);
    fail(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const base = `http://localhost:${port}`;
  const lines = [
    "",
    `  Loja is running (${config.databaseUrl ? "PostgreSQL" : `embedded database in ${config.dataDir}`}), ready in ${Math.round(performance.now() - startedAt)} ms`,
    `  Shop:    ${base}/`,
    `  Console: ${base}/admin/`,
    `  API:     ${base}/api/openapi.json`,
  ];
  if (seeded) lines.push(`  Seeded the demo catalogue: ${seeded} products.`);
  lines.push(
    config.fiscalProvider
      ? `  Fiscal documents: asked of ${config.fiscalProvider} for every paid order and refund.`
      : "  Fiscal documents: not issued (FISCAL_PROVIDER unset): admins attach the ones issued in the AGT portal.",
  );
  if (demoAdmin) lines.push(`  Demo staff login (shown once): ${demoAdmin.email} / ${demoAdmin.password}`);
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
