// /admin/api/customers (read: admin and support) and /admin/api/staff (admin only).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminCustomer } from "../../schemas/admin-customers.ts";
import { AdminStaff, AdminStaffCreateBody, AdminStaffUpdateBody } from "../../schemas/admin-staff.ts";
import { parseListQuery } from "../../domain/admin/list-params.ts";
import { CUSTOMER_LIST, getCustomer, listCustomers } from "../../domain/admin/customers.ts";
import { STAFF_LIST, createStaff, getStaff, listStaff, updateStaff } from "../../domain/admin/staff.ts";
import { sendList } from "./list-reply.ts";

const tags = ["staff"];

export const adminPeopleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(["admin", "support"]);
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/customers",
    { preHandler: staff, schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminCustomer), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      const params = parseListQuery(request.query, CUSTOMER_LIST);
      return sendList(reply, "customers", params.skip, await listCustomers(db.prisma, params));
    },
  );

  app.get(
    "/customers/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminCustomer, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getCustomer(db.prisma, request.params.id),
  );

  app.get(
    "/staff",
    { preHandler: admin, schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminStaff), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      const params = parseListQuery(request.query, STAFF_LIST);
      return sendList(reply, "staff", params.skip, await listStaff(db.prisma, params));
    },
  );

  app.get(
    "/staff/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getStaff(db.prisma, request.params.id),
  );

  app.post(
    "/staff",
    { preHandler: admin, schema: { tags, body: AdminStaffCreateBody, response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 409) } } },
    async (request) => createStaff(db.prisma, request.body),
  );

  app.put(
    "/staff/:id",
    { preHandler: admin, schema: { tags, params: IdParams, body: AdminStaffUpdateBody, response: { 200: AdminStaff, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => updateStaff(db.prisma, request.params.id, request.user!.userId, request.body),
  );
};
