import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { SlowFirstSequencer } from "./tests/helpers/sequencer.ts";

// Two runs of one suite (docs/design/testing.md):
// - `npm test` (quick feedback): every test once; API files on PostgreSQL where TEST_DATABASE_URL is set (production's
//   database, and 0.6× the CPU of the embedded one: docs/design/testing.md#two-runs), else on PGlite; those whose
//   behaviour depends on PostgreSQL itself on both; fewer race and fuzz rounds.
// - `npm run test:full` (CI, LOJA_TEST_FULL=1): every API file on both databases, full round counts.
// Projects:
// - unit: code that touches no shared database (config, the data-dir lock, parsers, PGlite itself, static scans);
// - api-pglite / api-postgres: server suites on a fresh copy of a migrated, seeded template database per file;
// - storefront / console: components in jsdom with Testing Library;
// - e2e: Chromium through playwright-core against the shop; one browser and one shop for the run (the global
//   setup's), a shop of a file's own where it changes shop-wide state.
// tests/bench is never part of the suite.
// Two groups, one after the other (vitest requires one worker count per group): the file that measures latency
// under attack alone (one worker), then every other file in one queue on three workers, slowest first, so no core
// waits for a project's last file. Type-checking, lint and format are `npm run check`.
// The embedded databases' buffer pool for every worker, setup and shop process of the run (they inherit this
// process's environment): small test databases, opened hundreds of times, each open zeroing the whole pool.
// 16 MB: ~0.45 s of CPU an open instead of ~1.1 s (docs/design/operations.md#the-embedded-databases-buffer-pool).
process.env.PGLITE_SHARED_BUFFERS_MB ??= "16";
const fullRun = process.env.LOJA_TEST_FULL === "1";
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const e2eOneAtATime = process.env.E2E_WORKERS === "1";
// Three files at a time on the two cores: a file waiting (a shop starting, a browser frame, a socket) leaves its
// core to the third. Measured, same tree, warm caches: 450 s and 841 s of CPU with three, 537 s and 933 s with two;
// fresh clones: 482 s with three, 502 s (and 972 s of CPU) with four.
const WORKERS = Number(process.env.TEST_WORKERS ?? 3);

// Files that exercise what only a real PostgreSQL server shows: several instances (LISTEN/NOTIFY, shared caches),
// row locks and SKIP LOCKED claims, concurrent writes, migrations and the schema, search SQL, the pg adapter.
const postgresSpecific = [
  "admin-settings-guard",
  "assignee-frame",
  "bank-statements",
  "cart-reminders",
  "domain-events",
  "catalogue-queries",
  "coupon-abuse",
  "coupon-concurrency",
  "fiscal-documents",
  "health",
  "jobs",
  "last-admin",
  "mcx-express",
  "media-store",
  "metrics",
  "migrations",
  "multi-instance",
  "multicaixa",
  "new-order-frame",
  "outbox",
  "payment-deadlines",
  "phone-owner",
  "placement-limits",
  "rolling-restart",
  "reply-digest",
  "returns",
  "schema-drift",
  "sessions",
  "shared-limits",
  "shopper-cancel",
  "staff-search",
  "statement-linking",
  "stock-concurrency",
  "stock-hold",
  "throttles",
  "transaction-regression",
  "trust-idempotency",
  "whatsapp-sms",
].map((name) => `tests/api/${name}.test.ts`);

// Files about PostgreSQL alone (several instances on one server): never on the embedded database, which is one
// process by design.
const postgresOnly = ["fiscal-instances", "mail-flows-instances", "mcx-express-instances"].map((name) => `tests/api/${name}.test.ts`);

// Files about the embedded database alone (`npm run backup` copies its data directory; PostgreSQL is backed up by
// pg_dump): in both runs on PGlite, never on PostgreSQL, so no test is skipped.
const embeddedOnly = ["backup-secrets"].map((name) => `tests/api/${name}.test.ts`);

// Files that measure the server's responsiveness (probe latencies) while it is attacked: they run alone, with no
// other test file competing for the two cores, and once (what they test is the event loop, not the database).
const runAlone = ["tests/api/proof-attack.test.ts", "tests/api/statement-attack.test.ts"];

// What only `npm run test:full` (CI) runs: the quick run is for a change's feedback, so it leaves out the files
// about the process and its machine rather than the shop's behaviour, which take a third of its time
// (docs/design/testing.md#two-runs). README's "Test it" says so.
const ciOnly = {
  // Shop processes started, killed and restarted; the data directory's lock and backups.
  unit: ["tests/unit/data-dir-lock.test.ts"],
  api: ["tests/api/rolling-restart.test.ts"],
  e2e: [
    "tests/e2e/process.test.ts",
    "tests/e2e/backup.test.ts",
    "tests/e2e/events-crash.test.ts",
    "tests/e2e/fault-kill.test.ts",
    "tests/e2e/data-dir.test.ts",
    // Sweeps of every screen (layout at four widths, accessibility, weight, installability).
    "tests/e2e/layout-storefront.test.ts",
    "tests/e2e/layout-console.test.ts",
    "tests/e2e/storefront-a11y.test.ts",
    "tests/e2e/storefront-weight.test.ts",
    "tests/e2e/storefront-installable.test.ts",
  ],
};
const quickLeavesOut = (files: string[]) => (fullRun ? [] : files);

const apiProject = (name: string, include: string[], env: Record<string, string>, groupOrder: number, maxWorkers = WORKERS) => ({
  test: {
    name,
    include,
    exclude: [
      ...(name.endsWith("-alone") ? [] : name.startsWith("api-pglite") ? [...runAlone, ...postgresOnly] : [...runAlone, ...embeddedOnly]),
      ...quickLeavesOut(ciOnly.api),
    ],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/api-setup.ts"],
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks" as const,
    maxWorkers,
    // One worker process runs file after file (each still builds its own app on its own database): no fork, no
    // fresh import of the server per file. Measured on 8 small files: 0.56× the CPU of isolated workers.
    isolate: false,
    sequence: { groupOrder },
  },
});

const projects = [
  {
    test: {
      name: "unit",
      include: ["tests/unit/**/*.test.ts"],
      exclude: quickLeavesOut(ciOnly.unit),
      environment: "node",
      testTimeout: 60_000,
      pool: "forks" as const,
      maxWorkers: WORKERS,
      sequence: { groupOrder: 1 },
    },
  },
  apiProject(
    "api-pglite",
    fullRun || !withPostgres ? ["tests/api/**/*.test.ts"] : [...postgresSpecific, ...embeddedOnly],
    { LOJA_TEST_DB: "pglite" },
    1,
  ),
  // Latency under attack, measured with nothing else on the machine: CI only (the quick run never waits for it).
  ...(fullRun ? [apiProject("api-pglite-alone", runAlone, { LOJA_TEST_DB: "pglite" }, 0, 1)] : []),
  ...(withPostgres ? [apiProject("api-postgres", ["tests/api/**/*.test.ts"], { LOJA_TEST_DB: "postgres" }, 1)] : []),
  {
    plugins: [react()],
    test: {
      name: "storefront",
      include: ["tests/storefront/**/*.test.{ts,tsx}"],
      environment: "jsdom",
      setupFiles: ["tests/helpers/dom-setup.ts"],
      globals: true,
      testTimeout: 30_000,
      maxWorkers: WORKERS,
      // File after file in one worker: React, MUI and react-admin imported once per worker, our own modules afresh
      // per file (tests/helpers/dom-setup.ts). Measured: 0.55× the CPU of isolated files.
      isolate: false,
      sequence: { groupOrder: 1 },
    },
  },
  {
    plugins: [react()],
    test: {
      name: "console",
      include: ["tests/console/**/*.test.{ts,tsx}"],
      environment: "jsdom",
      setupFiles: ["tests/helpers/dom-setup.ts"],
      globals: true,
      testTimeout: 30_000,
      maxWorkers: WORKERS,
      // File after file in one worker: React, MUI and react-admin imported once per worker, our own modules afresh
      // per file (tests/helpers/dom-setup.ts). Measured: 0.55× the CPU of isolated files.
      isolate: false,
      sequence: { groupOrder: 1 },
    },
  },
  {
    test: {
      name: "e2e",
      include: ["tests/e2e/**/*.test.ts"],
      exclude: quickLeavesOut(ciOnly.e2e),
      environment: "node",
      globalSetup: ["tests/helpers/e2e-global-setup.ts"],
      // Bounds that catch a hang, not speed limits: a test that starts shop processes takes minutes on a loaded machine.
      testTimeout: 240_000,
      hookTimeout: 180_000,
      pool: "forks" as const,
      // In the one queue of group 1, so no core waits between the groups or at the end of either. E2E_WORKERS=1
      // runs them one after the other, after everything else.
      maxWorkers: e2eOneAtATime ? 1 : WORKERS,
      fileParallelism: !e2eOneAtATime,
      sequence: { groupOrder: e2eOneAtATime ? 2 : 1 },
    },
  },
];

export default defineConfig({
  test: {
    projects,
    reporters: ["default"],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
