import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { ProductListReply } from "../../schemas/products.ts";
import { errorResponses } from "../../schemas/common.ts";

/** GET /api/product/list: served from the in-memory list cache, pre-compressed, with an ETag. */
export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { productListCache } = app.deps;

  app.get(
    "/api/product/list",
    { schema: { tags: ["shopper"], response: { 200: ProductListReply, ...errorResponses(500) } }, compress: false },
    async (request, typedReply) => {
      // The reply carries prebuilt bytes, not an object for the serializer: use the untyped reply.
      const reply = typedReply as FastifyReply;
      const body = await productListCache.get();
      reply.header("ETag", body.etag).header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
      if (request.headers["if-none-match"] === body.etag) return reply.status(304).send();
      const accept = String(request.headers["accept-encoding"] ?? "");
      reply.type("application/json; charset=utf-8");
      // Buffers bypass the serializer: the cached bytes are sent as they are.
      if (/\bbr\b/.test(accept)) return reply.header("Content-Encoding", "br").send(body.br);
      if (/\bgzip\b/.test(accept)) return reply.header("Content-Encoding", "gzip").send(body.gzip);
      return reply.send(body.identity);
    },
  );
};
