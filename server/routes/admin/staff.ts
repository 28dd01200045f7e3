// /admin/api/staff (admin only): staff accounts, their roles and whether they may sign in.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminStaff, AdminStaffCreateBody, AdminStaffUpdateBody } from "../../schemas/admin-staff.ts";
import { STAFF_LIST, createStaff, getStaff, listStaff, updateStaff } from "../../domain/users/staff.ts";

const tags = ["staff"];

export const adminStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, sessions, attempts } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/staff",
    {
      preHandler: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminStaff), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listStaff(db.prisma, request.listQuery(STAFF_LIST));
      return reply.sendList(rows, total, "staff");
    },
  );

  app.get(
    "/staff/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getStaff(db.prisma, request.params.id),
  );

  app.post(
    "/staff",
    {
      preHandler: admin,
      schema: { tags, body: AdminStaffCreateBody, response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 409, 429) } },
    },
    async (request) => createStaff(db.prisma, attempts, request.user!.userId, request.body),
  );

  app.put(
    "/staff/:id",
    {
      preHandler: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminStaffUpdateBody,
        response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => updateStaff(db.prisma, { sessions, attempts }, request.params.id, request.user!.userId, request.body),
  );
};
