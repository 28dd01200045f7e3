// Global setup of the e2e project: builds both apps (if stale), makes a seeded data directory that every shop
// started by a test copies (so it starts in about a second instead of initialising and seeding), and starts what
// the whole run shares: one Chromium (test files connect to it) and one shop on its own copy of that directory.
// The seeded directory is kept in tests/.tmp for the next run, keyed by everything that decides its contents.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildApps } from "../../scripts/build.mjs";
import { bundleServer } from "../../scripts/bundle-server.mjs";
import { launchBrowserServer } from "./browser.ts";
import { startTemplates } from "./global-setup.ts";
import { E2E_ADMIN, freshDataDir, startShopProcess } from "./shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eDataTemplate: string;
    /** Where test files connect to the run's Chromium; empty where there is none (the tests skip, saying why). */
    e2eBrowserEndpoint: string;
    /** The shop the e2e files share (tests/helpers/e2e.ts). */
    e2eSharedShopUrl: string;
    /** The shared shop's data directory (for the test that a second process may not open it). */
    e2eSharedShopDataDir: string;
  }
}

/** Brotli quality for the apps' large lazily loaded files in test builds: seconds instead of a minute or more. */
const TEST_LARGE_FILE_BROTLI_QUALITY = 5;

const root = fileURLToPath(new URL("../..", import.meta.url));
const cache = path.join(root, "tests", ".tmp");
const TEMPLATE_PREFIX = "e2e-template-";

/** What a first start writes into a data dir depends on: the server's code, the migrations and seed, the dependencies. */
function templateFingerprint(): string {
  const hash = createHash("sha256").update(E2E_ADMIN.password);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      // The generated Prisma client follows from prisma/schema.prisma, which is hashed.
      if (entry.isDirectory() && full !== path.join(root, "server/db/generated")) walk(full);
      else if (entry.isFile()) hash.update(path.relative(root, full)).update(readFileSync(full));
    }
  };
  for (const dir of ["server", "prisma", "shared"]) walk(path.join(root, dir));
  hash.update(readFileSync(path.join(root, "package-lock.json")));
  return hash.digest("hex").slice(0, 16);
}

/** The seeded data dir of this fingerprint, made (by a first start, with the e2e staff password) unless kept. */
async function seededTemplate(): Promise<string> {
  mkdirSync(cache, { recursive: true });
  const template = path.join(cache, `${TEMPLATE_PREFIX}${templateFingerprint()}`);
  for (const old of readdirSync(cache))
    if (old.startsWith(TEMPLATE_PREFIX) && path.join(cache, old) !== template)
      rmSync(path.join(cache, old), { recursive: true, force: true });
  if (existsSync(template)) return template;
  const dataDir = mkdtempSync(path.join(cache, "e2e-seeding-"));
  try {
    // A first start of the shop as its own process: it runs on the other core while this one builds the apps and
    // makes the API projects' templates (in this process, they took turns with it).
    const shop = await startShopProcess({ dataDir, env: { DEMO_ADMIN_PASSWORD: E2E_ADMIN.password }, timeoutMs: 240_000 });
    const code = await shop.stop();
    if (code !== 0) throw new Error(`the seeding shop stopped with ${code}:\n${shop.output()}`);
    if (existsSync(path.join(dataDir, "loja.pid"))) throw new Error("template data dir still locked");
    // Complete before it gets its name: a run stopped half-way never leaves a partial template behind.
    try {
      renameSync(dataDir, template);
    } catch (error) {
      if (!existsSync(template)) throw error; // else another run made the same template meanwhile
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return template;
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
    // The API projects' templates are made meanwhile, in the background (whichever setup runs first starts them).
    startTemplates(project.vitest);
    // Once here, not in each shop process the files start (they would all build it at the same moment).
    await bundleServer();
    const [template] = await Promise.all([
      seededTemplate(),
      buildApps({ log: () => undefined, largeFileBrotliQuality: TEST_LARGE_FILE_BROTLI_QUALITY }),
    ]);
    const sharedDataDir = freshDataDir(template);
    teardown.push(() => rmSync(sharedDataDir, { recursive: true, force: true }));
    const shop = await startShopProcess({ dataDir: sharedDataDir });
    teardown.push(() => shop.stop());
    project.provide("e2eDataTemplate", template);
    project.provide("e2eBrowserEndpoint", (await browserServer)?.wsEndpoint() ?? "");
    project.provide("e2eSharedShopUrl", shop.url);
    project.provide("e2eSharedShopDataDir", sharedDataDir);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}
