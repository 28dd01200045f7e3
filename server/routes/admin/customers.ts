// /admin/api/customers (read: admin and support): customer accounts with their order counts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminCustomer } from "../../schemas/admin-customers.ts";
import { CUSTOMER_LIST, getCustomer, listCustomers } from "../../domain/users/customers.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);

  app.get(
    "/customers",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminCustomer), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listCustomers(db.prisma, request.listQuery(CUSTOMER_LIST));
      return reply.sendList(rows, total, "customers");
    },
  );

  app.get(
    "/customers/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminCustomer, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getCustomer(db.prisma, request.params.id),
  );
};
