// /admin/api/products (admin only): the catalogue in ra-data-simple-rest conventions, plus image upload and taxonomy.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminProduct, AdminProductBody, AdminUploadReply, TaxonomyReply } from "../../schemas/admin-products.ts";
import {
  PRODUCT_LIST,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  taxonomy,
  updateProduct,
  uploadProductImage,
} from "../../domain/catalogue/staff.ts";
import { AppError } from "../../domain/errors.ts";

const tags = ["staff"];

export const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, productListCache, media } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/products",
    {
      preHandler: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminProduct), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listProducts(db.prisma, request.listQuery(PRODUCT_LIST));
      return reply.sendList(rows, total, "products");
    },
  );

  app.get(
    "/products/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getProduct(db.prisma, request.params.id),
  );

  app.post(
    "/products",
    {
      preHandler: admin,
      schema: { tags, body: AdminProductBody, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 413, 415) } },
    },
    async (request) => createProduct(db.prisma, productListCache, request.body),
  );

  app.put(
    "/products/:id",
    {
      preHandler: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminProductBody,
        response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => updateProduct(db.prisma, productListCache, request.params.id, request.body),
  );

  app.delete(
    "/products/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminProduct, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => deleteProduct(db.prisma, productListCache, request.params.id),
  );

  app.post(
    "/uploads",
    {
      preHandler: admin,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        response: { 200: AdminUploadReply, ...errorResponses(400, 401, 403, 413, 415, 507) },
      },
    },
    async (request) => {
      const form = await request.readForm([]);
      if (!form.file) throw new AppError(400, "Escolha uma imagem para enviar");
      if (form.file.size === 0) throw new AppError(400, "O ficheiro está vazio");
      const image = await uploadProductImage(db.prisma, media, form.file, request.user!.userId);
      return { success: true as const, image };
    },
  );

  app.get(
    "/taxonomy",
    { preHandler: admin, schema: { tags, response: { 200: TaxonomyReply, ...errorResponses(401, 403) } } },
    async () => ({ success: true as const, categories: taxonomy() }),
  );
};
