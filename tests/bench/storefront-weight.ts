// Storefront weight: builds the storefront into a temporary folder and reports, compressed as the
// server sends it (brotli 11, like scripts/build.mjs), what a first visit downloads and what each
// route adds, plus which packages make up the entry chunk. Run: npx tsx tests/bench/storefront-weight.ts [--json]
// `npm run bench` calls the default export and prints its figures against the goals below.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { build, type Manifest, type Plugin, type Rollup } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface StorefrontWeight {
  /**
   * Bytes (brotli) a first visit needs before the app renders: the HTML (the stylesheet is inlined into it by
   * storefront/paint-first.ts, so `css` is counted inside `html` and not again), the boot script, the entry JS
   * and its static imports.
   */
  firstVisit: { html: number; boot: number; js: number; css: number; total: number };
  /** Extra bytes (brotli) each lazy route (or lazily loaded library) fetches on top of the first visit. */
  routes: Record<string, number>;
  /** Raw (minified, uncompressed) kilobytes of the entry chunk by package. */
  entryComposition: Record<string, number>;
  pdfViewer: number;
}

const br = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;

export async function measureStorefrontWeight(): Promise<StorefrontWeight> {
  const outDir = mkdtempSync(path.join(tmpdir(), "loja-sf-weight-"));
  const composition: Record<string, number> = {};
  const collect: Plugin = {
    name: "entry-composition",
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry) continue;
        for (const [id, m] of Object.entries(chunk.modules)) {
          const pkg = id.includes("node_modules/")
            ? (id.split("node_modules/").pop() ?? "")
                .split("/")
                .slice(0, id.split("node_modules/").pop()?.startsWith("@") ? 2 : 1)
                .join("/")
            : "storefront";
          composition[pkg] = Math.round(((composition[pkg] ?? 0) + m.renderedLength / 1024) * 10) / 10;
        }
      }
    },
  };
  try {
    await build({
      configFile: path.join(root, "storefront/vite.config.ts"),
      logLevel: "silent",
      mode: "production",
      plugins: [collect],
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const size = (file: string) => br(readFileSync(path.join(outDir, file)));
    const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry) as string;

    // Static import closure of a chunk: what the browser must fetch before running it.
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
      return seen;
    };
    const initial = closure(entryKey);
    const js = [...initial].reduce((n, k) => n + size(manifest[k]!.file), 0);
    const css = [...initial].flatMap((k) => manifest[k]?.css ?? []).reduce((n, f) => n + size(f), 0);
    const htmlText = readFileSync(path.join(outDir, "index.html"), "utf8");
    const html = size("index.html");
    const cssInlined = !/<link rel="stylesheet"/.test(htmlText);
    const bootFile = /<script type="module" crossorigin src="\/(assets\/boot-[^"]+\.js)">/.exec(htmlText)?.[1];
    const boot = bootFile ? size(bootFile) : 0;

    const routes: Record<string, number> = {};
    for (const key of manifest[entryKey]?.dynamicImports ?? []) {
      const extra = [...closure(key)].filter((k) => !initial.has(k));
      // Pages by file name; a library split off on its own (react-toastify) by package.
      const pkg = key.split("node_modules/")[1];
      const name = pkg
        ? pkg
            .split("/")
            .slice(0, pkg.startsWith("@") ? 2 : 1)
            .join("/")
        : path.basename(key).replace(/\.tsx?$/, "");
      routes[name] = extra.reduce((n, k) => n + size(manifest[k]!.file) + (manifest[k]?.css ?? []).reduce((m, f) => m + size(f), 0), 0);
    }
    const pdfKey = Object.keys(manifest).find((k) => k.endsWith("pdf-pages.tsx"));
    const worker = Object.values(manifest).find((c) => c.file.includes("pdf.worker"));
    const pdfViewer =
      (pdfKey ? [...closure(pdfKey)].filter((k) => !initial.has(k)).reduce((n, k) => n + size(manifest[k]!.file), 0) : 0) +
      (worker ? size(worker.file) : 0);

    return {
      firstVisit: { html, boot, js, css, total: html + boot + js + (cssInlined ? 0 : css) },
      routes,
      entryComposition: composition,
      pdfViewer,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Budgets for shoppers on slow 3G/4G: the first visit in about 2 s at 400 KB/s, each further page in one round trip. */
export const GOALS = { firstVisit: 110 * 1024, route: 10 * 1024 };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Figures for `npm run bench` (tests/bench/run.ts). */
export default async function storefrontWeight() {
  const w = await measureStorefrontWeight();
  const [largestRoute, largestSize] = Object.entries(w.routes).sort((a, b) => b[1] - a[1])[0] ?? ["-", 0];
  return [
    {
      figure: "first visit (html with inlined css + boot script + js, brotli)",
      value: kb(w.firstVisit.total),
      goal: `≤ ${kb(GOALS.firstVisit)}`,
      ok: w.firstVisit.total <= GOALS.firstVisit,
    },
    { figure: "first visit JS (entry and its static imports)", value: kb(w.firstVisit.js), goal: "" },
    { figure: "first visit HTML (of which inlined CSS)", value: `${kb(w.firstVisit.html)} (${kb(w.firstVisit.css)})`, goal: "" },
    { figure: "boot script", value: kb(w.firstVisit.boot), goal: "" },
    {
      figure: `largest lazy chunk (${largestRoute})`,
      value: kb(largestSize),
      goal: `≤ ${kb(GOALS.route)}`,
      ok: largestSize <= GOALS.route,
    },
    { figure: "pdf.js, fetched only when a PDF is opened", value: kb(w.pdfViewer), goal: "" },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const w = await measureStorefrontWeight();
  if (process.argv.includes("--json")) console.log(JSON.stringify(w, null, 2));
  else {
    console.log(
      `first visit (brotli): ${kb(w.firstVisit.total)}  = html ${kb(w.firstVisit.html)} (css ${kb(w.firstVisit.css)} inlined) + boot ${kb(w.firstVisit.boot)} + js ${kb(w.firstVisit.js)}`,
    );
    console.log(
      "each route adds:",
      Object.entries(w.routes)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${kb(v)}`)
        .join(", "),
    );
    console.log(`PDF viewer adds (only when a PDF is opened): ${kb(w.pdfViewer)}`);
    console.log(
      "entry chunk by package (raw KB):",
      Object.entries(w.entryComposition)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    );
  }
}
