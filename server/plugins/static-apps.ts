// Serves the built storefront at / and the console at /admin/, with SPA fallback for client routes.
// Hashed assets are immutable and served pre-compressed (.br/.gz written by scripts/build.mjs).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

const API_PREFIXES = ["/api/", "/admin/api/", "/media/", "/ws"];

interface SpaApp {
  prefix: string;
  root: string;
  index: Buffer;
}

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header("Cache-Control", "public, max-age=31536000, immutable");
  else reply.header("Cache-Control", "no-cache");
}

export async function registerStaticApps(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  const apps: SpaApp[] = [];
  for (const [name, prefix] of [
    ["console", "/admin/"],
    ["storefront", "/"],
  ] as const) {
    const root = path.join(distDir, name);
    const indexFile = path.join(root, "index.html");
    if (!existsSync(indexFile)) continue;
    apps.push({ prefix, root, index: readFileSync(indexFile) });
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: true,
      index: false,
      // Directories (/, /admin/) fall through to the SPA fallback below, which answers index.html.
      allowedPath: (pathName: string) => !pathName.endsWith("/"),
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  // Static files first, then this: any other GET for a page answers the app's index.html.
  return (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url === "/admin/api") return false;
    const spa = apps.find((a) => url.startsWith(a.prefix) || `${url}/` === a.prefix);
    if (!spa) return false;
    // A missing hashed asset (an old tab after a release) must be a 404, not index.html served as JavaScript.
    if (url.startsWith(`${spa.prefix}assets/`)) return false;
    if (url === "/admin") {
      void reply.redirect("/admin/");
      return true;
    }
    void reply.status(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(spa.index);
    return true;
  };
}
