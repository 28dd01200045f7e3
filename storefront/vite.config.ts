import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { paintFirst } from "./paint-first.ts";
import { pwa } from "./pwa.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * A build is always a production build, whoever runs it. Vite keeps a NODE_ENV that is already set,
 * and vitest sets it to "test": building from a test run (the e2e setup) would otherwise ship
 * React's development bundle (500 KB) and the dev JSX runtime. Vite reads NODE_ENV after loading
 * this file; the caller's value is put back once the bundle is written.
 */
function productionBuild(): Plugin[] {
  const previous = process.env.NODE_ENV;
  if (previous === "production") return [];
  process.env.NODE_ENV = "production";
  const restore = () => {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  };
  return [{ name: "loja-production-build", closeBundle: restore, buildEnd: (error) => void (error && restore()) }];
}

// The storefront builds into dist/storefront; the server serves it at / with SPA fallback,
// hashed assets/ immutable and pre-compressed (.br/.gz written by scripts/build.mjs).
export default defineConfig(({ command }) => ({
  root,
  base: "/",
  plugins: [react(), paintFirst(), pwa(), ...(command === "build" ? productionBuild() : [])],
  build: {
    outDir: fileURLToPath(new URL("../dist/storefront", import.meta.url)),
    emptyOutDir: true,
    // Android phones with a few years of Chrome updates: modern syntax without polyfills.
    target: "es2020",
    // Small icons inline; anything bigger stays a cacheable file.
    assetsInlineLimit: 2048,
    // pdf.js is its own lazy chunk, loaded only when a PDF is opened, and large by nature.
    chunkSizeWarningLimit: 600,
    // The HTML keeps its preloads (the app and what it imports); a lazy page's import does not add <link
    // rel=modulepreload> tags for its dependencies: each tag cost the phone's main thread ~1 ms to add (the helper
    // also rescans every <link> of the page), 20 pages' worth when the other pages are fetched in idle time
    // (docs/design/performance.md#main-thread-work-issue-46). The first page's dependencies are preloaded by the boot
    // script (paint-first.ts); a later page's arrive one round trip after its chunk unless fetched in idle time already.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    rolldownOptions: {
      output: {
        // React DOM in a file of its own: the server speaks HTTP/1.1, so on 3G two files of ~40 KB download side
        // by side on two connections, each through fewer slow-start round trips than one file of 80 KB.
        codeSplitting: { groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } },
  },
}));
