// Builds the storefront and the console with Vite when their build is missing or stale (or always with --force),
// then writes .br and .gz next to every text asset so the server can send them pre-compressed.
// Staleness is a content hash of each app's sources (git checkouts reset mtimes, so times would lie).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const APPS = [
  { name: "storefront", sources: ["storefront", "server/schemas"] },
  { name: "console", sources: ["console", "server/schemas"] },
];
const SHARED = ["package-lock.json"];
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function sourceHash(app) {
  const hash = createHash("sha256");
  const files = [...app.sources.flatMap((s) => walk(path.join(root, s))), ...SHARED.map((s) => path.join(root, s))].sort();
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const stampFile = (app) => path.join(root, "dist", app.name, ".build-stamp");

export function isStale(app) {
  return (
    !existsSync(path.join(root, "dist", app.name, "index.html")) ||
    !existsSync(stampFile(app)) ||
    readFileSync(stampFile(app), "utf8") !== sourceHash(app)
  );
}

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompress(dir) {
  const files = walk(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size > 512);
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      if (b.length < data.length) await writeFile(`${file}.br`, b);
      if (g.length < data.length) await writeFile(`${file}.gz`, g);
    }),
  );
}

export async function buildApps({ force = false, log = console.log } = {}) {
  const { build } = await import("vite");
  const built = [];
  for (const app of APPS) {
    if (!force && !isStale(app)) continue;
    const started = performance.now();
    const hash = sourceHash(app);
    // Vite keeps an inherited NODE_ENV (vitest sets "test"), which would ship React's development build.
    const inheritedNodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({ configFile: path.join(root, app.name, "vite.config.ts"), logLevel: "warn", mode: "production" });
    } finally {
      if (inheritedNodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = inheritedNodeEnv;
    }
    await precompress(path.join(root, "dist", app.name));
    writeFileSync(stampFile(app), hash);
    log(`  built ${app.name} in ${Math.round(performance.now() - started)} ms`);
    built.push(app.name);
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildApps({ force: process.argv.includes("--force") });
}
