// Bundles the server's TypeScript (server/ and shared/) into ES modules under dist/server/ that run with plain node:
// main.mjs for `npm start`, and one file per command-line tool (`npm run staff:create`, `db:migrate`, `backup`,
// `restore`, through scripts/cli.mjs). No TypeScript loader in the running shop or in an operator's command: through
// tsx a start spent ~1.4 s of its ~5 s of CPU in the loader's hooks, and each command ~1.5 s of its ~3–4 s
// (docs/design/operations.md#the-server-bundle). Packages stay outside the bundle (imported from node_modules as
// usual), and every module keeps its own `import.meta.url`, so the paths the server finds relative to its sources
// (migrations, demo images, the upload readers' worker files) are the same as unbundled. Each entry is a file of its
// own (no shared chunks): only one of them runs in a process, and each file is replaced whole.
// Rebuilt when the sources change (a content hash, as for the apps: checkouts reset file times). A build takes well
// under a second, so a start or a command checks the stamp and builds on the spot when needed.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sourceHash as appSourceHash } from "./build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["server", "shared"];
const outDir = path.join(root, "dist", "server");
const stampFile = path.join(outDir, ".build-stamp");

/** What is bundled: the shop, and each command-line tool by the name scripts/cli.mjs takes. */
export const SERVER_ENTRIES = {
  main: "server/main.ts",
  "staff-create": "server/cli/staff-create.ts",
  "db-migrate": "server/db/migrate-cli.ts",
  backup: "server/cli/backup.ts",
  restore: "server/cli/restore.ts",
};
/** The bundled file of an entry of SERVER_ENTRIES. */
export const bundledEntry = (name) => path.join(outDir, `${name}.mjs`);
export const SERVER_BUNDLE = bundledEntry("main");

/** The same content hash the apps' builds use, over the server's sources and the lock file. */
const sourceHash = () => appSourceHash({ sources: SOURCES });

const isFresh = (hash) =>
  Object.keys(SERVER_ENTRIES).every((name) => existsSync(bundledEntry(name))) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === hash;

/** Bundles the server unless the bundle is from the current sources; returns the shop's bundle (main.mjs). */
export async function bundleServer({ force = false } = {}) {
  const hash = sourceHash();
  if (!force && isFresh(hash)) return SERVER_BUNDLE;
  const { build } = await import("esbuild");
  mkdirSync(outDir, { recursive: true });
  const { outputFiles } = await build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, path.join(root, source)])),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Each source map is written beside its file: `NODE_OPTIONS=--enable-source-maps` gives traces in the TypeScript.
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [ownImportMetaUrl],
    write: false,
  });
  // Several shops or commands may build at once (tests, replicas on one disk): each writes its own temporary files
  // and renames them into place, maps before the files that name them, so no process ever imports a half-written
  // file. They all write the same bytes.
  const byMapsFirst = [...outputFiles].sort((x, y) => Number(y.path.endsWith(".map")) - Number(x.path.endsWith(".map")));
  for (const file of byMapsFirst) {
    const tmp = `${file.path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  writeFileSync(stampFile, hash);
  return SERVER_BUNDLE;
}

/** Each of our modules sees its own file as `import.meta.url`, as it does unbundled. */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(build) {
    const ours = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(${SOURCES.join("|")})/.*\\.ts$`);
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!ours.test(args.path)) return undefined;
      const source = await readFile(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await bundleServer({ force: process.argv.includes("--force") });
}
