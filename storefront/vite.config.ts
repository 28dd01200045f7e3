import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

// The storefront builds into dist/storefront; the server serves it at / with SPA fallback,
// hashed assets/ immutable and pre-compressed (.br/.gz written by scripts/build.mjs).
export default defineConfig({
  root,
  base: "/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("../dist/storefront", import.meta.url)),
    emptyOutDir: true,
    // Android phones with a few years of Chrome updates: modern syntax without polyfills.
    target: "es2020",
    // Small icons inline; anything bigger stays a cacheable file.
    assetsInlineLimit: 2048,
    // pdf.js is its own lazy chunk, loaded only when a PDF is opened, and large by nature.
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
