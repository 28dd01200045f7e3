// Global setup of the api projects: makes the database template every test file starts from
// (migrated, demo catalogue seeded). The PGlite dump is cached in tests/.tmp keyed by the migrations and seed.
// The templates are made in the background, both at once and while the browser project prepares: the first setup of
// the run starts every template the run's projects need, provides their names at once, and each test file waits for
// its own (`templateReady` in test-db.ts). Made one after the other they held the first test back ~20 s.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject, Vitest } from "vitest/node";
import { createPglite, openPglite, openPostgres } from "../../server/db/client.ts";
import { migrate } from "../../server/db/migrate.ts";
import { demoProducts } from "../../server/demo/catalogue.ts";
import { prepareDemoImages } from "../../server/demo/prepared-images.ts";
import { seedDemo } from "../../server/demo/seed.ts";
import { FileMediaStore } from "../../server/domain/media/store.ts";
import { adminQuery, templateMarker, withDatabase } from "./test-db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    dbTemplate: string;
    dbServerUrl: string;
    /** A data dir whose media/ folder holds the seeded catalogue's images (copied into each test app's DATA_DIR). */
    mediaTemplate: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const tmp = path.join(root, "tests", ".tmp");

function fingerprint(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(entry).update(readFileSync(full));
    }
  };
  for (const dir of ["prisma/migrations", "server/demo"]) walk(path.join(root, dir));
  hash.update(readFileSync(path.join(root, "server/domain/media/service.ts")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The demo photos prepared into their cache (server/demo/prepared-images.ts) once per run, before anything seeds:
 * both templates and the browser tests' seeding shop otherwise prepared them at the same moment, ~14 s of CPU each.
 * The templates wait for it; the seeding shop, a process of its own, reaches its seed after it.
 */
export function demoImagesPrepared(): Promise<void> {
  const run = globalThis as { lojaDemoImages?: Promise<void> };
  return (run.lojaDemoImages ??= prepareDemoImages(demoProducts.flatMap((p) => p.images)).then(() => undefined));
}

/** The seeded images are written here; the tarball is written last, so its presence means both are complete. */
const pgliteMediaTemplate = () => path.join(tmp, `pglite-template-${fingerprint()}-data`);

async function pgliteTemplate(): Promise<string> {
  mkdirSync(tmp, { recursive: true });
  // An uncompressed tar: every test file loads it, and gunzip was a third of the load's CPU (~0.3 s a file).
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  const pglite = await createPglite();
  const db = await openPglite(pglite);
  await migrate(db);
  await demoImagesPrepared();
  // Without the demo delivery zones: API tests make the zones they are about (and SPEC's fixed fee holds elsewhere).
  await seedDemo(db.prisma, new FileMediaStore(pgliteMediaTemplate()), Date.now(), { delivery: false });
  // The shop lives in the `postgres` database; the two template databases are a third of the files every test
  // file's copy unpacks (~0.2 s of CPU each), and nothing here creates a database from them.
  await pglite.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await pglite.exec("DROP DATABASE template0");
  await pglite.exec("DROP DATABASE template1");
  await pglite.exec("CHECKPOINT");
  const dump = await pglite.dumpDataDir("none");
  // Complete before it gets its name: test files start loading it as soon as it is there.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  await db.close();
  return file;
}

const postgresMediaTemplate = () => path.join(tmp, `postgres-template-${process.pid}-data`);

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = postgresTemplateName();
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const db = await openPostgres(withDatabase(serverUrl, name), 2);
  await migrate(db);
  await demoImagesPrepared();
  await seedDemo(db.prisma, new FileMediaStore(postgresMediaTemplate()), Date.now(), { delivery: false });
  await db.close();
  return name;
}

const pgliteTemplatePath = () => path.join(tmp, `pglite-template-${fingerprint()}.tar`);
const postgresTemplateName = () => `loja_template_${process.pid}`;

/** What is being made, kept on globalThis: each project's setup module is its own instance in this one process. */
const making: Map<"pglite" | "postgres", Promise<void>> = ((
  globalThis as { lojaTemplates?: Map<"pglite" | "postgres", Promise<void>> }
).lojaTemplates ??= new Map());

/** Starts making, in the background, every template this run's API projects need (once per run). Failures are
 * written beside the template, where the waiting test files read them. */
export function startTemplates(vitest: Vitest): void {
  const names = vitest.projects.map((p) => p.name);
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const begin = (kind: "pglite" | "postgres", make: () => Promise<unknown>, marker: string) => {
    if (making.has(kind)) return;
    rmSync(`${marker}.failed`, { force: true });
    // A PostgreSQL template's marker left by a run that died (its name has the pid, which can come again) would let
    // test files start before the template exists; the PGlite dump is a cache and stays.
    if (kind === "postgres") rmSync(marker, { force: true });
    making.set(
      kind,
      make().then(
        () => undefined,
        (error: unknown) => {
          writeFileSync(`${marker}.failed`, error instanceof Error ? (error.stack ?? error.message) : String(error));
        },
      ),
    );
  };
  mkdirSync(tmp, { recursive: true });
  // At once: the browser tests' seeding shop (started next) reaches its seed after initialising and migrating its
  // database, seconds from now, and finds the photos ready by then.
  demoImagesPrepared().catch(() => undefined); // its failure reaches whoever awaits it
  if (names.some((n) => n.startsWith("api-pglite"))) begin("pglite", pgliteTemplate, pgliteTemplatePath());
  if (names.includes("api-postgres"))
    begin(
      "postgres",
      async () => {
        await postgresTemplate(serverUrl);
        writeFileSync(templateMarker(postgresTemplateName()), "");
      },
      templateMarker(postgresTemplateName()),
    );
}

export default async function setup(project: TestProject) {
  const kind = project.name === "api-postgres" ? "postgres" : "pglite";
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  startTemplates(project.vitest);
  const template = kind === "pglite" ? pgliteTemplatePath() : postgresTemplateName();
  project.provide("dbKind", kind);
  project.provide("dbTemplate", template);
  project.provide("dbServerUrl", serverUrl);
  project.provide("mediaTemplate", kind === "pglite" ? pgliteMediaTemplate() : postgresMediaTemplate());
  return async () => {
    await making.get(kind);
    if (kind === "postgres") {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      rmSync(postgresMediaTemplate(), { recursive: true, force: true });
      rmSync(templateMarker(template), { force: true });
      rmSync(`${templateMarker(template)}.failed`, { force: true });
    }
  };
}
