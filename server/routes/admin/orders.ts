// /admin/api/orders (admin and support): list with status tabs and search, detail, status changes, money
// (payments, proofs, refunds; approving a payment "por confirmar" is an admin's).
import { orderPhoneMessages } from "../../notifications/messaging/order-messages.ts";
import type { PrismaClient } from "../../db/client.ts";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { StaffRole } from "../../../shared/payments.ts";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import {
  AdminOrder,
  AdminOrderStatusBody,
  AdminPaymentBody,
  AdminProofAcceptBody,
  AdminRefundBody,
  AdminProofRefuseBody,
  PaymentParams,
  ProofParams,
} from "../../schemas/admin-orders.ts";
import { acceptProof, refuseProof } from "../../domain/payments/proofs.ts";
import { ORDER_LIST, PAYMENT_QUEUE, getOrder, listOrders, listPaymentQueue } from "../../domain/orders/staff.ts";
import { changeOrderStatus } from "../../domain/orders/service.ts";
import { approvePayment, recordStaffPayment } from "../../domain/payments/payments.ts";
import { recordRefund } from "../../domain/payments/refunds.ts";
import { refundThroughAppyPay } from "../../domain/payments/mcx-express-refunds.ts";
import { orderCharges } from "../../domain/payments/mcx-express-view.ts";
import { AdminAppyPayRefundBody } from "../../schemas/mcx-express.ts";
import { mcxExpressSetup } from "../../deps.ts";
import { addOrderNote, listOrderNotes } from "../../domain/orders/notes.ts";
import { AdminOrderNoteBody, AdminOrderNoteReply, AdminOrderNotesReply } from "../../schemas/admin-support.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

/** requireStaff has run: the caller is an admin or support. */
const roleOf = (request: FastifyRequest): StaffRole => (request.user!.role === "admin" ? "admin" : "support");

/** The order as the console shows it, with the WhatsApp and SMS messages sent about it. */
export async function staffOrder(db: PrismaClient, id: string, role: StaffRole): Promise<AdminOrder> {
  const [order, phoneMessages, charges] = await Promise.all([getOrder(db, id, role), orderPhoneMessages(db, id), orderCharges(db, id)]);
  return { ...order, phoneMessages, mcxExpressCharges: charges };
}

export const adminOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, payments } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/orders",
    {
      preValidation: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminOrder), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listOrders(db.prisma, request.listQuery(ORDER_LIST), roleOf(request));
      return reply.sendList(rows, total, "orders");
    },
  );

  app.get(
    "/orders/:id",
    { preValidation: staff, schema: { tags, params: IdParams, response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => staffOrder(db.prisma, request.params.id, roleOf(request)),
  );

  app.put(
    "/orders/:id",
    {
      preValidation: staff,
      schema: {
        tags,
        params: IdParams,
        body: AdminOrderStatusBody,
        response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { status, note, reason, shipment } = request.body;
      const { id } = await changeOrderStatus(
        db.prisma,
        { orderId: request.params.id, status, staffUserId: request.user!.userId, role: roleOf(request), note, reason, shipment },
        { stripe: payments.stripe },
      );
      return staffOrder(db.prisma, id, roleOf(request));
    },
  );

  app.get(
    "/orders/:id/notes",
    {
      preValidation: staff,
      schema: { tags, params: IdParams, response: { 200: AdminOrderNotesReply, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ success: true as const, notes: await listOrderNotes(db.prisma, request.params.id) }),
  );

  app.post(
    "/orders/:id/notes",
    {
      preValidation: staff,
      schema: {
        tags,
        params: IdParams,
        body: AdminOrderNoteBody,
        response: { 200: AdminOrderNoteReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      note: await addOrderNote(db.prisma, request.params.id, request.user!.userId, request.body.text),
    }),
  );

  app.post(
    "/orders/:id/payments",
    // Who may act is checked before the body is looked at: a customer learns nothing about the body's rules.
    {
      preValidation: staff,
      schema: { tags, params: IdParams, body: AdminPaymentBody, response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const { orderId } = await recordStaffPayment(db.prisma, {
        ...request.body,
        orderId: request.params.id,
        staffUserId: request.user!.userId,
        role: roleOf(request),
      });
      return staffOrder(db.prisma, orderId, roleOf(request));
    },
  );

  // An admin approves a payment "por confirmar" (docs/product/orders.md#confirmed-payments): it counts from now.
  app.post(
    "/orders/:id/payments/:paymentId/approve",
    {
      preValidation: admin,
      schema: { tags, params: PaymentParams, response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      await approvePayment(db.prisma, {
        orderId: request.params.id,
        paymentId: request.params.paymentId,
        staffUserId: request.user!.userId,
      });
      return staffOrder(db.prisma, request.params.id, roleOf(request));
    },
  );

  app.post(
    "/orders/:id/proofs/:proofId/accept",
    {
      preValidation: staff,
      schema: {
        tags,
        params: ProofParams,
        body: AdminProofAcceptBody,
        response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await acceptProof(db.prisma, {
        ...request.body,
        orderId: request.params.id,
        proofId: request.params.proofId,
        staffUserId: request.user!.userId,
        role: roleOf(request),
      });
      return staffOrder(db.prisma, request.params.id, roleOf(request));
    },
  );

  app.post(
    "/orders/:id/proofs/:proofId/refuse",
    {
      preValidation: staff,
      schema: {
        tags,
        params: ProofParams,
        body: AdminProofRefuseBody,
        response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await refuseProof(db.prisma, {
        reason: request.body.reason,
        orderId: request.params.id,
        proofId: request.params.proofId,
        staffUserId: request.user!.userId,
      });
      return staffOrder(db.prisma, request.params.id, roleOf(request));
    },
  );

  app.post(
    "/orders/:id/refunds",
    {
      preValidation: staff,
      schema: { tags, params: IdParams, body: AdminRefundBody, response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      await recordRefund(db.prisma, { ...request.body, orderId: request.params.id, staffUserId: request.user!.userId });
      return staffOrder(db.prisma, request.params.id, roleOf(request));
    },
  );

  // An admin gives back a Multicaixa Express payment through AppyPay (partial allowed); a bank refund stays /refunds.
  app.post(
    "/orders/:id/payments/:paymentId/appypay-refund",
    {
      preValidation: admin,
      schema: {
        tags,
        params: PaymentParams,
        body: AdminAppyPayRefundBody,
        response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      await refundThroughAppyPay(db.prisma, mcxExpressSetup(app.deps), {
        ...request.body,
        orderId: request.params.id,
        paymentId: request.params.paymentId,
        staffUserId: request.user!.userId,
      });
      return staffOrder(db.prisma, request.params.id, roleOf(request));
    },
  );

  // The Pagamentos queue (ra-data-simple-rest list).
  app.get(
    "/payments",
    {
      preValidation: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminOrder), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listPaymentQueue(db.prisma, request.listQuery(PAYMENT_QUEUE), roleOf(request));
      return reply.sendList(rows, total, "payments");
    },
  );
};
