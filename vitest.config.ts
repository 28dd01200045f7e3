import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// One vitest run, several projects (DESIGN.md "Tests"):
// - api-pglite: server suites on the embedded database, always;
// - api-postgres: the same suites on PostgreSQL, only where TEST_DATABASE_URL is set;
// - storefront / console: components in jsdom with Testing Library;
// - e2e: Chromium through playwright-core against a server the test starts.
// tests/bench is never part of `npm test`.
const apiProject = (name: string, env: Record<string, string>) => ({
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
  },
});

const projects = [
  apiProject("api-pglite", { LOJA_TEST_DB: "pglite" }),
  ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", { LOJA_TEST_DB: "postgres" })] : []),
  {
    plugins: [react()],
    test: { name: "storefront", include: ["tests/storefront/**/*.test.{ts,tsx}"], environment: "jsdom", setupFiles: ["tests/helpers/dom-setup.ts"], globals: true },
  },
  {
    plugins: [react()],
    test: { name: "console", include: ["tests/console/**/*.test.{ts,tsx}"], environment: "jsdom", setupFiles: ["tests/helpers/dom-setup.ts"], globals: true, testTimeout: 30_000 },
  },
  {
    test: { name: "static", include: ["tests/static/**/*.test.ts"], environment: "node", testTimeout: 300_000 },
  },
  {
    test: {
      name: "e2e",
      include: ["tests/e2e/**/*.test.ts"],
      environment: "node",
      globalSetup: ["tests/helpers/e2e-global-setup.ts"],
      testTimeout: 120_000,
      hookTimeout: 180_000,
      pool: "forks" as const,
      maxWorkers: 1,
      fileParallelism: false,
    },
  },
];

export default defineConfig({
  test: {
    projects,
    reporters: ["default"],
  },
});
