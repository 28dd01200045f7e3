// /admin/api/synonyms (admin only, like the catalogue): the search's synonym groups.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminSynonyms, AdminSynonymsBody } from "../../schemas/admin-synonyms.ts";
import {
  SYNONYM_LIST,
  createSynonyms,
  deleteSynonyms,
  getSynonyms,
  listSynonyms,
  updateSynonyms,
} from "../../domain/catalogue/synonyms.ts";

const tags = ["catalogue"];

export const adminSynonymRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/synonyms",
    {
      preHandler: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminSynonyms), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listSynonyms(db.prisma, request.listQuery(SYNONYM_LIST));
      return reply.sendList(rows, total, "synonyms");
    },
  );

  app.get(
    "/synonyms/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminSynonyms, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getSynonyms(db.prisma, request.params.id),
  );

  app.post(
    "/synonyms",
    { preHandler: admin, schema: { tags, body: AdminSynonymsBody, response: { 200: AdminSynonyms, ...errorResponses(400, 401, 403) } } },
    async (request) => createSynonyms(db.prisma, request.body.words),
  );

  app.put(
    "/synonyms/:id",
    {
      preHandler: admin,
      schema: { tags, params: IdParams, body: AdminSynonymsBody, response: { 200: AdminSynonyms, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => updateSynonyms(db.prisma, request.params.id, request.body.words),
  );

  app.delete(
    "/synonyms/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminSynonyms, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => deleteSynonyms(db.prisma, request.params.id),
  );
};
