import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

// The console builds into dist/console; the server serves it at /admin/ with SPA fallback.
export default defineConfig({
  root,
  base: "/admin/",
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL("../dist/console", import.meta.url)), emptyOutDir: true, target: "es2020" },
  server: {
    port: 5174,
    proxy: { "/admin/api": "http://localhost:3000", "/media": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } },
  },
});
