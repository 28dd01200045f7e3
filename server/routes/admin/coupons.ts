// /admin/api/coupons (docs/product/staff-api.md#coupons): discount codes; every agent reads them with their uses and
// the money they gave away, admins write them.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminCoupon, AdminCouponBody } from "../../schemas/coupons.ts";
import { COUPON_LIST, createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "../../domain/coupons/service.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminCouponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);
  const admin = app.requireStaff(["admin"]);
  const one = { 200: AdminCoupon, ...errorResponses(400, 401, 403, 404) };

  app.get(
    "/coupons",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminCoupon), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listCoupons(db.prisma, request.listQuery(COUPON_LIST));
      return reply.sendList(rows, total, "coupons");
    },
  );

  app.get("/coupons/:id", { preHandler: staff, schema: { tags, params: IdParams, response: one } }, async (request) =>
    getCoupon(db.prisma, request.params.id),
  );

  app.post(
    "/coupons",
    { preHandler: admin, schema: { tags, body: AdminCouponBody, response: { ...one, ...errorResponses(409) } } },
    async (request) => createCoupon(db.prisma, request.body),
  );

  app.put(
    "/coupons/:id",
    { preHandler: admin, schema: { tags, params: IdParams, body: AdminCouponBody, response: { ...one, ...errorResponses(409) } } },
    async (request) => updateCoupon(db.prisma, request.params.id, request.body),
  );

  app.delete("/coupons/:id", { preHandler: admin, schema: { tags, params: IdParams, response: one } }, async (request) =>
    deleteCoupon(db.prisma, request.params.id),
  );
};
