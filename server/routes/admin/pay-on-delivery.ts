// Pay on delivery for staff (docs/product/staff-api.md#pay-on-delivery): confirm an order "Por confirmar", record
// "Pago na entrega", record a refused delivery, and the driver's cash of the day. Any staff member (admin or support).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { errorResponses } from "../../schemas/common.ts";
import { IdParams } from "../../schemas/admin-common.ts";
import { AdminOrder } from "../../schemas/admin-orders.ts";
import {
  ConfirmPayOnDeliveryBody,
  DeliveryRefusedBody,
  DoorCashQuery,
  DoorCashReply,
  PaidOnDeliveryBody,
} from "../../schemas/pay-on-delivery.ts";
import { confirmPayOnDelivery, doorCashOfDay, recordPaidOnDelivery, refuseDelivery } from "../../domain/payments/pay-on-delivery.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import { staffOrder } from "./orders.ts";

const tags = ["staff"];
const orderReply = { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) };
const roleOf = (request: FastifyRequest) => (request.user!.role === "admin" ? ("admin" as const) : ("support" as const));

/** Today in Luanda (UTC+1), YYYY-MM-DD. */
const luandaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

export const adminPayOnDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);

  app.post(
    "/orders/:id/confirm",
    { preValidation: staff, schema: { tags, params: IdParams, body: ConfirmPayOnDeliveryBody, response: orderReply } },
    async (request) => {
      const { id } = request.params;
      await confirmPayOnDelivery(db.prisma, {
        orderId: id,
        staffUserId: request.user!.userId,
        role: roleOf(request),
        via: request.body.via,
      });
      return staffOrder(db.prisma, id, roleOf(request));
    },
  );

  app.post(
    "/orders/:id/paid-on-delivery",
    { preValidation: staff, schema: { tags, params: IdParams, body: PaidOnDeliveryBody, response: orderReply } },
    async (request) => {
      const { id } = request.params;
      await recordPaidOnDelivery(db.prisma, { orderId: id, staffUserId: request.user!.userId, ...request.body });
      return staffOrder(db.prisma, id, roleOf(request));
    },
  );

  app.post(
    "/orders/:id/delivery-refused",
    { preValidation: staff, schema: { tags, params: IdParams, body: DeliveryRefusedBody, response: orderReply } },
    async (request) => {
      const { id } = request.params;
      await refuseDelivery(db.prisma, { orderId: id, staffUserId: request.user!.userId, ...request.body });
      return staffOrder(db.prisma, id, roleOf(request));
    },
  );

  app.get(
    "/door-cash",
    {
      preValidation: staff,
      schema: { tags, querystring: DoorCashQuery, response: { 200: DoorCashReply, ...errorResponses(400, 401, 403) } },
    },
    async (request) => doorCashOfDay(db.prisma, request.query.day ?? luandaToday()),
  );
};
