// Bundles the server's TypeScript (server/ and shared/) into one ES module, dist/server/main.mjs, that `npm start`
// runs with plain node: no TypeScript loader in the running shop. Through tsx a start spent ~1.4 s of its ~5 s of
// CPU in the loader's hooks (docs/design/operations.md#the-server-bundle). Packages stay outside the bundle (imported
// from node_modules as usual), and every module keeps its own `import.meta.url`, so the paths the server finds
// relative to its sources (migrations, demo images, the upload readers' worker files) are the same as unbundled.
// Rebuilt when the sources change (a content hash, as for the apps: checkouts reset file times). A build takes well
// under a second, so a start checks the stamp and builds on the spot when needed.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sourceHash as appSourceHash } from "./build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["server", "shared"];
const outDir = path.join(root, "dist", "server");
export const SERVER_BUNDLE = path.join(outDir, "main.mjs");
const stampFile = path.join(outDir, ".build-stamp");

/** The same content hash the apps' builds use, over the server's sources and the lock file. */
const sourceHash = () => appSourceHash({ sources: SOURCES });

const isFresh = (hash) => existsSync(SERVER_BUNDLE) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash;

/** Bundles the server unless the bundle is from the current sources; returns the bundle's path. */
export async function bundleServer({ force = false } = {}) {
  const hash = sourceHash();
  if (!force && isFresh(hash)) return SERVER_BUNDLE;
  const { build } = await import("esbuild");
  mkdirSync(outDir, { recursive: true });
  // Several shops may start at once (tests, replicas on one disk): each writes its own file and renames it into
  // place, so no process ever imports a half-written bundle. They all write the same bytes.
  const tmp = path.join(outDir, `main.${process.pid}.${Date.now()}.mjs`);
  await build({
    entryPoints: [path.join(root, "server", "main.ts")],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // The source map is written beside it: `NODE_OPTIONS=--enable-source-maps` gives traces in the TypeScript files.
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [ownImportMetaUrl],
  });
  renameSync(`${tmp}.map`, `${SERVER_BUNDLE}.map`);
  // The map is named after the file it was written for.
  writeFileSync(tmp, readFileSync(tmp, "utf8").replace(/sourceMappingURL=\S+$/m, "sourceMappingURL=main.mjs.map"));
  renameSync(tmp, SERVER_BUNDLE);
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
