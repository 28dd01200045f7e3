// /admin/api/delivery-zones and /admin/api/pickup-points (docs/product/staff-api.md#delivery-zones-and-pickup-points):
// simple-rest resources; every staff member reads them, admins write them.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminDeliveryZone, AdminDeliveryZoneBody, AdminPickupPoint, AdminPickupPointBody } from "../../schemas/delivery.ts";
import {
  DELIVERY_ZONE_LIST,
  PICKUP_POINT_LIST,
  createPickupPoint,
  createZone,
  deletePickupPoint,
  deleteZone,
  getPickupPoint,
  getZone,
  listPickupPoints,
  listZones,
  updatePickupPoint,
  updateZone,
} from "../../domain/delivery/service.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);
  const admin = app.requireStaff(["admin"]);
  const read = (s: typeof AdminDeliveryZone | typeof AdminPickupPoint) => ({ 200: s, ...errorResponses(400, 401, 403, 404) });

  app.get(
    "/delivery-zones",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminDeliveryZone), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listZones(db.prisma, request.listQuery(DELIVERY_ZONE_LIST));
      return reply.sendList(rows, total, "delivery-zones");
    },
  );
  app.get(
    "/delivery-zones/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: read(AdminDeliveryZone) } },
    async (request) => getZone(db.prisma, request.params.id),
  );
  app.post(
    "/delivery-zones",
    { preHandler: admin, schema: { tags, body: AdminDeliveryZoneBody, response: read(AdminDeliveryZone) } },
    async (request) => createZone(db.prisma, request.body),
  );
  app.put(
    "/delivery-zones/:id",
    { preHandler: admin, schema: { tags, params: IdParams, body: AdminDeliveryZoneBody, response: read(AdminDeliveryZone) } },
    async (request) => updateZone(db.prisma, request.params.id, request.body),
  );
  app.delete(
    "/delivery-zones/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: read(AdminDeliveryZone) } },
    async (request) => deleteZone(db.prisma, request.params.id),
  );

  app.get(
    "/pickup-points",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminPickupPoint), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listPickupPoints(db.prisma, request.listQuery(PICKUP_POINT_LIST));
      return reply.sendList(rows, total, "pickup-points");
    },
  );
  app.get(
    "/pickup-points/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: read(AdminPickupPoint) } },
    async (request) => getPickupPoint(db.prisma, request.params.id),
  );
  app.post(
    "/pickup-points",
    { preHandler: admin, schema: { tags, body: AdminPickupPointBody, response: read(AdminPickupPoint) } },
    async (request) => createPickupPoint(db.prisma, request.body),
  );
  app.put(
    "/pickup-points/:id",
    { preHandler: admin, schema: { tags, params: IdParams, body: AdminPickupPointBody, response: read(AdminPickupPoint) } },
    async (request) => updatePickupPoint(db.prisma, request.params.id, request.body),
  );
  app.delete(
    "/pickup-points/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: read(AdminPickupPoint) } },
    async (request) => deletePickupPoint(db.prisma, request.params.id),
  );
};
