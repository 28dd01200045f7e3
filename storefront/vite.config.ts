import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

// The storefront builds into dist/storefront; the server serves it at / with SPA fallback.
export default defineConfig({
  root,
  base: "/",
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL("../dist/storefront", import.meta.url)), emptyOutDir: true, target: "es2020" },
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
