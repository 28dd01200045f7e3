import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { CatalogueQuerystring, HomeReply, ProductDetailReply, ProductPageReply, ProductParams } from "../../schemas/catalogue.ts";
import { AppError } from "../../domain/errors.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, homeLists, pageProducts, productWithRelated } from "../../domain/catalogue/shop-queries.ts";

/** Public and the same for everyone: shared caches may keep an answer briefly (a product edit shows within 30 s). */
const PUBLIC_SHORT = "public, max-age=30";

const many = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);

/** The storefront's catalogue reads: pages, one product with its related ones, the home lists. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(
    "/api/catalogue/products",
    { schema: { tags: ["shopper"], querystring: CatalogueQuerystring, response: { 200: ProductPageReply, ...errorResponses(400) } } },
    async (request, reply) => {
      const query = request.query;
      const ids = query.ids === undefined ? undefined : many(query.ids);
      if (ids && ids.length > MAX_PAGE_SIZE) throw new AppError(400, `No máximo ${MAX_PAGE_SIZE} produtos de cada vez`);
      const page = await pageProducts(db.prisma, {
        page: query.page ?? 1,
        pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
        categories: many(query.category),
        subCategories: many(query.subCategory),
        sort: query.sort ?? "relevance",
        q: query.q ?? "",
        bestseller: query.bestseller,
        ids,
      });
      reply.header("Cache-Control", PUBLIC_SHORT);
      return { success: true as const, ...page };
    },
  );

  app.get(
    "/api/catalogue/products/:id",
    { schema: { tags: ["shopper"], params: ProductParams, response: { 200: ProductDetailReply, ...errorResponses(400, 404) } } },
    async (request, reply) => {
      const found = await productWithRelated(db.prisma, request.params.id);
      reply.header("Cache-Control", PUBLIC_SHORT);
      return { success: true as const, ...found };
    },
  );

  app.get("/api/catalogue/home", { schema: { tags: ["shopper"], response: { 200: HomeReply } } }, async (_request, reply) => {
    reply.header("Cache-Control", PUBLIC_SHORT);
    return { success: true as const, ...(await homeLists(db.prisma)) };
  });
};
