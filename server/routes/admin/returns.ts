// /admin/api/returns (docs/product/staff-api.md#returns): the shoppers' returns and exchanges, in ra-data-simple-rest's
// conventions; admins and support move them step by step (only an admin concludes a refund).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminReturn, AdminReturnMove } from "../../schemas/returns.ts";
import { RETURN_LIST, getReturn, listReturns, moveReturn } from "../../domain/returns/staff.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import type { StaffRole } from "../../../shared/payments.ts";
import type { FastifyRequest } from "fastify";

const tags = ["staff"];
const roleOf = (request: FastifyRequest): StaffRole => (request.user!.role === "admin" ? "admin" : "support");

export const adminReturnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);

  app.get(
    "/returns",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminReturn), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listReturns(db.prisma, request.listQuery(RETURN_LIST), roleOf(request));
      return reply.sendList(rows, total, "returns");
    },
  );

  app.get(
    "/returns/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminReturn, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getReturn(db.prisma, request.params.id, roleOf(request)),
  );

  app.put(
    "/returns/:id",
    {
      preHandler: staff,
      schema: { tags, params: IdParams, body: AdminReturnMove, response: { 200: AdminReturn, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) =>
      moveReturn(db.prisma, { returnId: request.params.id, staffUserId: request.user!.userId, role: roleOf(request), body: request.body }),
  );
};
