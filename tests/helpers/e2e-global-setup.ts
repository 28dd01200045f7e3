// Global setup of the e2e project: builds both apps once (if stale) and makes a seeded data directory that every
// test copies, so each shop process starts in about a second instead of initialising and seeding.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApps } from "../../scripts/build.mjs";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { E2E_ADMIN } from "./shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  await buildApps({ log: () => undefined });
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-e2e-template-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const started = await start(config, { serveApps: false }, { DEMO_ADMIN_PASSWORD: E2E_ADMIN.password });
  await started.close();
  if (existsSync(path.join(dataDir, "loja.pid"))) throw new Error("template data dir still locked");
  project.provide("e2eDataTemplate", dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
