// Global setup of the e2e project: builds both apps (if stale), makes a seeded data directory that every shop
// started by a test copies (so it starts in about a second instead of initialising and seeding), and starts what
// the whole run shares: one Chromium (test files connect to it) and one shop on its own copy of that directory.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApps } from "../../scripts/build.mjs";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { launchBrowserServer } from "./browser.ts";
import { E2E_ADMIN, freshDataDir, startShopProcess } from "./shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eDataTemplate: string;
    /** Where test files connect to the run's Chromium; empty where there is none (the tests skip, saying why). */
    e2eBrowserEndpoint: string;
    /** The shop the e2e files share (tests/helpers/e2e.ts). */
    e2eSharedShopUrl: string;
  }
}

/** Brotli quality for the apps' large lazily loaded files in test builds: seconds instead of a minute or more. */
const TEST_LARGE_FILE_BROTLI_QUALITY = 5;

async function seededTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-e2e-template-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const started = await start(config, { serveApps: false }, { DEMO_ADMIN_PASSWORD: E2E_ADMIN.password });
  await started.close();
  if (existsSync(path.join(dataDir, "loja.pid"))) throw new Error("template data dir still locked");
  return dataDir;
}

export default async function setup(project: TestProject) {
  const teardown: (() => Promise<unknown> | void)[] = [];
  const close = async () => {
    for (const step of teardown.reverse()) await step();
  };
  try {
    // The browser starts while the apps build and the template is seeded.
    const browserServer = launchBrowserServer();
    const launched = browserServer.catch(() => undefined); // its failure is thrown where it is awaited below
    teardown.push(async () => (await launched)?.close());
    await buildApps({ log: () => undefined, largeFileBrotliQuality: TEST_LARGE_FILE_BROTLI_QUALITY });
    const template = await seededTemplate();
    teardown.push(() => rmSync(template, { recursive: true, force: true }));
    const sharedDataDir = freshDataDir(template);
    teardown.push(() => rmSync(sharedDataDir, { recursive: true, force: true }));
    const shop = await startShopProcess({ dataDir: sharedDataDir });
    teardown.push(() => shop.stop());
    project.provide("e2eDataTemplate", template);
    project.provide("e2eBrowserEndpoint", (await browserServer)?.wsEndpoint() ?? "");
    project.provide("e2eSharedShopUrl", shop.url);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}
