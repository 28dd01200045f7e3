// /admin/api/products (admin only): the catalogue in ra-data-simple-rest conventions, plus image upload and taxonomy.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminProduct, AdminProductBody, AdminUploadReply, TaxonomyReply } from "../../schemas/admin-products.ts";
import { parseListQuery } from "../../domain/admin/list-params.ts";
import { PRODUCT_LIST, createProduct, deleteProduct, getProduct, listProducts, taxonomy, updateProduct, uploadProductImage } from "../../domain/admin/products.ts";
import { AppError } from "../../domain/errors.ts";
import { sendList } from "./list-reply.ts";
import { readMultipart } from "./multipart.ts";

const tags = ["staff"];

export const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, catalogue } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/products",
    { preHandler: admin, schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminProduct), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      const params = parseListQuery(request.query, PRODUCT_LIST);
      return sendList(reply, "products", params.skip, await listProducts(db.prisma, params));
    },
  );

  app.get(
    "/products/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getProduct(db.prisma, request.params.id),
  );

  app.post(
    "/products",
    { preHandler: admin, schema: { tags, body: AdminProductBody, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 413, 415) } } },
    async (request) => createProduct(db.prisma, catalogue, request.body),
  );

  app.put(
    "/products/:id",
    { preHandler: admin, schema: { tags, params: IdParams, body: AdminProductBody, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404, 413, 415) } } },
    async (request) => updateProduct(db.prisma, catalogue, request.params.id, request.body),
  );

  app.delete(
    "/products/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => deleteProduct(db.prisma, catalogue, request.params.id),
  );

  app.post(
    "/uploads",
    { preHandler: admin, schema: { tags, consumes: ["multipart/form-data"], response: { 200: AdminUploadReply, ...errorResponses(400, 401, 403, 413, 415) } } },
    async (request) => {
      const form = await readMultipart(request, []);
      if (!form.file) throw new AppError(400, "Escolha uma imagem para enviar");
      if (form.file.bytes.byteLength === 0) throw new AppError(400, "O ficheiro está vazio");
      const image = await uploadProductImage(db.prisma, form.file.bytes, request.user!.userId);
      return { success: true as const, image };
    },
  );

  app.get(
    "/taxonomy",
    { preHandler: admin, schema: { tags, response: { 200: TaxonomyReply, ...errorResponses(401, 403) } } },
    async () => ({ success: true as const, categories: taxonomy() }),
  );
};
