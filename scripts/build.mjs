// Builds the storefront and the console with Vite when their build is missing or stale (or always with --force),
// then writes .br and .gz next to every text asset so the server can send them pre-compressed.
// Staleness is a content hash of each app's sources (git checkouts reset mtimes, so times would lie): the app's
// folder and everything outside it that it imports (server/schemas, shared/), and the lock file.
// Brotli at quality 11 gives the smallest files; on the few large lazily loaded files (pdf.js, the console's bundle)
// it costs most of a build's time, so a caller that only needs a working build (the tests) may ask for less there.
// The files a first visit loads are well under that size and always get 11, so a first visit's weight measured on
// such a build is production's (one grown past the size would only measure heavier). The stamp records the quality, so a build compressed below what a later caller asks for is
// compressed again (no Vite run), and one compressed better is reused as it is.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const APPS = [
  { name: "storefront", sources: ["storefront", "server/schemas", "shared"] },
  { name: "console", sources: ["console", "server/schemas", "shared"] },
];
const SHARED = ["package-lock.json"];
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
const BROTLI_QUALITY = 11;
/** Above this size a file is one of the large lazily loaded chunks. */
const LARGE_FILE_BYTES = 256 * 1024;

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

/** What the last build of `app` was made from and how hard it was compressed; undefined without a complete build. */
function readStamp(app) {
  if (!existsSync(path.join(root, "dist", app.name, "index.html")) || !existsSync(stampFile(app))) return undefined;
  const text = readFileSync(stampFile(app), "utf8");
  try {
    const { hash, largeFileBrotliQuality } = JSON.parse(text);
    return { hash, largeFileBrotliQuality };
  } catch {
    return { hash: text, largeFileBrotliQuality: BROTLI_QUALITY };
  }
}

export function isStale(app) {
  return readStamp(app)?.hash !== sourceHash(app);
}

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompress(dir, largeFileQuality) {
  const files = walk(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size > 512);
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        br(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: data.length > LARGE_FILE_BYTES ? largeFileQuality : BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      // A compressed copy no smaller than the file is not kept (nor one left from an earlier compression).
      await (b.length < data.length ? writeFile(`${file}.br`, b) : rm(`${file}.br`, { force: true }));
      await (g.length < data.length ? writeFile(`${file}.gz`, g) : rm(`${file}.gz`, { force: true }));
    }),
  );
}

/**
 * Builds each app whose sources changed since its last build (every app with `force`) and pre-compresses it, files
 * over 256 KiB with brotli at `largeFileBrotliQuality`; an unchanged build compressed below that is compressed again.
 */
export async function buildApps({ force = false, log = console.log, largeFileBrotliQuality = BROTLI_QUALITY } = {}) {
  const built = [];
  for (const app of APPS) {
    const started = performance.now();
    const hash = sourceHash(app);
    const stamp = force ? undefined : readStamp(app);
    if (stamp?.hash === hash && stamp.largeFileBrotliQuality >= largeFileBrotliQuality) continue;
    if (stamp?.hash !== hash) await viteBuild(app);
    await precompress(path.join(root, "dist", app.name), largeFileBrotliQuality);
    writeFileSync(stampFile(app), JSON.stringify({ hash, largeFileBrotliQuality }));
    const what = stamp?.hash === hash ? "compressed again" : "built";
    log(
      `  ${what} ${app.name} (brotli ${BROTLI_QUALITY}, ${largeFileBrotliQuality} over 256 KiB) in ${Math.round(performance.now() - started)} ms`,
    );
    built.push(app.name);
  }
  return built;
}

async function viteBuild(app) {
  const { build } = await import("vite");
  // Vite keeps an inherited NODE_ENV (vitest sets "test"), which would ship React's development build.
  const inheritedNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: path.join(root, app.name, "vite.config.ts"), logLevel: "warn", mode: "production" });
  } finally {
    if (inheritedNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inheritedNodeEnv;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildApps({ force: process.argv.includes("--force") });
}
