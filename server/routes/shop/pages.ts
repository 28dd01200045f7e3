// Storefront pages the server fills in before any script runs: a product's page with its head and markup (404
// when it is unknown or deleted), the first screen of `/` and of `/collection` without filters, the fixed pages'
// titles, the sitemap, robots.txt and the products' preview pictures. Everything else is the app's, served by the
// SPA fallback (plugins/static-apps.ts).
import { existsSync, readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AppError } from "../../domain/errors.ts";
import {
  PRODUCT_NOT_FOUND,
  homeLists,
  liveProduct,
  pageProducts,
  productWithRelated,
  sitemapEntries,
} from "../../domain/catalogue/shop-queries.ts";
import { findFile } from "../../domain/media/service.ts";
import {
  collectionPage,
  fixedPage,
  homePage,
  productNotFoundPage,
  productPage,
  robotsTxt,
  sitemapXml,
} from "../../pages/catalogue-pages.ts";
import { heroSrcsets } from "../../pages/first-screens.ts";
import { COLLECTION_PAGE_SIZE } from "../../../shared/collection-page.ts";
import { HERO_TEXTS } from "../../../shared/home-page.ts";
import { FIXED_PAGES } from "../../../shared/pages.ts";
import { renderOgImage } from "../../pages/og-image.ts";
import { OgImageCache, ogCacheDir } from "../../pages/og-cache.ts";
import { FALLBACK_INDEX, renderShell, type PageContent } from "../../pages/shell.ts";

const ProductParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const OgParams = Type.Object({ file: Type.String({ minLength: 5, maxLength: 70, pattern: "^[A-Za-z0-9_-]+\\.jpg$" }) });

/** Pages name hashed assets that a release replaces: never kept without asking again (as index.html). */
const PAGE_CACHE = "no-cache";

/** /collection's own parameters: with any of them the app shows another selection than the first page. */
const COLLECTION_PARAMS = ["q", "category", "subCategory", "sort", "page"];

export const pagesRoutes: FastifyPluginAsyncTypebox<{ distDir: string; serveApps: boolean }> = async (app, options) => {
  const { db, files, media } = app.deps;
  const built = path.join(options.distDir, "storefront", "index.html");
  const index = options.serveApps && existsSync(built) ? readFileSync(built, "utf8") : FALLBACK_INDEX;
  // Links in previews and the sitemap must be absolute: the shop's configured address, never the Host asked for.
  const origin = () => app.deps.notifier.baseUrl;
  const html = (page: Parameters<typeof renderShell>[1]) => renderShell(index, page);
  const hero = heroSrcsets(options.distDir);

  /**
   * The first screen of `/` and of `/collection` without filters, from the same reads as the app's requests. A
   * failed read leaves the page to the app (which shows its own error), never an error page.
   */
  async function firstScreen(pagePath: string, request: FastifyRequest): Promise<PageContent | undefined> {
    try {
      if (pagePath === "/") return homePage(await homeLists(db.prisma), hero, Math.floor(Math.random() * HERO_TEXTS.length), origin());
      const params = new URLSearchParams(request.url.split("?")[1] ?? "");
      if (pagePath === "/collection" && !COLLECTION_PARAMS.some((p) => params.has(p))) {
        const page = await pageProducts(db.prisma, {
          page: 1,
          pageSize: COLLECTION_PAGE_SIZE,
          categories: [],
          subCategories: [],
          sort: "relevance",
          q: "",
        });
        return collectionPage(page, origin());
      }
    } catch (error) {
      request.log.warn({ err: error }, "first screen not rendered");
    }
    return undefined;
  }

  app.get("/product/:id", { schema: { hide: true, params: ProductParams } }, async (request, reply) => {
    reply.type("text/html; charset=utf-8").header("Cache-Control", PAGE_CACHE);
    try {
      const { product, related } = await productWithRelated(db.prisma, request.params.id);
      return html(productPage(product, related, origin()));
    } catch (error) {
      if (!(error instanceof AppError) || error.message !== PRODUCT_NOT_FOUND) throw error;
      return reply.status(404).send(html(productNotFoundPage(request.params.id, origin())));
    }
  });

  for (const pagePath of Object.keys(FIXED_PAGES)) {
    app.get(pagePath, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", PAGE_CACHE)
        .send(html((await firstScreen(pagePath, request)) ?? fixedPage(pagePath, origin(), undefined))),
    );
  }

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", PAGE_CACHE)
      .send(sitemapXml(origin(), await sitemapEntries(db.prisma))),
  );

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", PAGE_CACHE).send(robotsTxt(origin())),
  );

  // Rendering takes ~0.1–0.5 s of CPU: each photo's preview is made once and kept (memory and DATA_DIR).
  const ogImages = new OgImageCache(ogCacheDir(app.deps.config.dataDir), async (sha256) =>
    // Product photos are WebP of at most 1000 px (tens of KB): read whole, off the store's stream.
    renderOgImage(await buffer(await media.read(sha256))),
  );
  app.get("/og/product/:file", { schema: { hide: true, params: OgParams } }, async (request, reply) => {
    const id = request.params.file.slice(0, -".jpg".length);
    const product = await liveProduct(db.prisma, id);
    const photoId = product.image[0]?.split("/").pop();
    if (!photoId) throw new AppError(404, PRODUCT_NOT_FOUND);
    const photo = await findFile(db.prisma, files, photoId);
    const jpeg = await ogImages.get(photo.sha256);
    return reply.type("image/jpeg").header("Cache-Control", "public, max-age=86400").send(jpeg);
  });
};
