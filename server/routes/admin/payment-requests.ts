// /admin/api/orders/:id/payment-requests (docs/product/staff-api.md#payment-requests): staff (admin or support) ask
// the shopper for an amount after the order, list an order's requests, and cancel an open one.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { IdParams } from "../../schemas/admin-common.ts";
import { PaymentRequestBody, PaymentRequestParams, PaymentRequestReply, PaymentRequestsReply } from "../../schemas/payment-requests.ts";
import { cancelPaymentRequest, createPaymentRequest, listPaymentRequests } from "../../domain/payments/payment-requests.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminPaymentRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, payments, config } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);
  const entity = config.proxypay?.entity;

  app.post(
    "/orders/:id/payment-requests",
    {
      preValidation: staff,
      schema: {
        tags,
        params: IdParams,
        body: PaymentRequestBody,
        response: { 200: PaymentRequestReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = { orderId: request.params.id, staffUserId: request.user!.userId, ...request.body };
      return { success: true as const, request: await createPaymentRequest(db.prisma, input, payments.proxypay, entity) };
    },
  );

  app.get(
    "/orders/:id/payment-requests",
    {
      preValidation: staff,
      schema: { tags, params: IdParams, response: { 200: PaymentRequestsReply, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ success: true as const, requests: await listPaymentRequests(db.prisma, request.params.id, entity) }),
  );

  app.post(
    "/orders/:id/payment-requests/:requestId/cancel",
    {
      preValidation: staff,
      schema: { tags, params: PaymentRequestParams, response: { 200: PaymentRequestsReply, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const { id, requestId } = request.params;
      await cancelPaymentRequest(db.prisma, { orderId: id, requestId, staffUserId: request.user!.userId });
      return { success: true as const, requests: await listPaymentRequests(db.prisma, id, entity) };
    },
  );
};
