import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// One vitest run, several projects (DESIGN.md "Tests"):
// - api-pglite: server suites on the embedded database, always;
// - api-postgres: the same suites on PostgreSQL, only where TEST_DATABASE_URL is set;
// - storefront / console: components in jsdom with Testing Library;
// - e2e: Chromium through playwright-core against the shop; one browser and one shop for the run (the global
//   setup's), a shop of a file's own where it changes shop-wide state.
// tests/bench is never part of `npm test`.
// Projects run one group after another (vitest requires distinct groups for different worker counts), which
// also keeps the two cores for one kind of work at a time: databases, then jsdom, then browsers.
const apiProject = (name: string, env: Record<string, string>, groupOrder: number) => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks" as const,
    maxWorkers: 2,
    sequence: { groupOrder },
  },
});

const projects = [
  apiProject("api-pglite", { LOJA_TEST_DB: "pglite" }, 0),
  ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", { LOJA_TEST_DB: "postgres" }, 1)] : []),
  {
    plugins: [react()],
    test: {
      name: "storefront",
      include: ["tests/storefront/**/*.test.{ts,tsx}"],
      environment: "jsdom",
      setupFiles: ["tests/helpers/dom-setup.ts"],
      globals: true,
      maxWorkers: 2,
      sequence: { groupOrder: 2 },
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
      maxWorkers: 2,
      sequence: { groupOrder: 3 },
    },
  },
  {
    test: {
      name: "static",
      include: ["tests/static/**/*.test.ts"],
      environment: "node",
      testTimeout: 300_000,
      maxWorkers: 1,
      sequence: { groupOrder: 4 },
    },
  },
  {
    test: {
      name: "e2e",
      include: ["tests/e2e/**/*.test.ts"],
      environment: "node",
      globalSetup: ["tests/helpers/e2e-global-setup.ts"],
      // Bounds that catch a hang, not speed limits: a test that starts shop processes takes minutes on a loaded machine.
      testTimeout: 240_000,
      hookTimeout: 180_000,
      pool: "forks" as const,
      maxWorkers: 1,
      fileParallelism: false,
      sequence: { groupOrder: 5 },
    },
  },
];

export default defineConfig({
  test: {
    projects,
    reporters: ["default"],
  },
});
