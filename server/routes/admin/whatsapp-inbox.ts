// /admin/api/whatsapp-inbox (support and admins): shoppers' WhatsApp messages from phones no account verified
// (docs/product/console.md#whatsapp-por-atribuir). List them, read one with the orders its phone appears on, post it
// to one of those orders' chats, or dismiss it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminWhatsAppAssignBody, AdminWhatsAppMessage } from "../../schemas/admin-whatsapp-inbox.ts";
import {
  assignWhatsAppMessage,
  dismissWhatsAppMessage,
  getWhatsAppInboxMessage,
  listWhatsAppInbox,
  WHATSAPP_INBOX_LIST,
} from "../../notifications/messaging/inbox.ts";

const tags = ["staff"];

export const adminWhatsAppInboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, hub, notifier } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);

  app.get(
    "/whatsapp-inbox",
    {
      preValidation: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminWhatsAppMessage), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listWhatsAppInbox(db.prisma, request.listQuery(WHATSAPP_INBOX_LIST));
      return reply.sendList(rows, total, "whatsapp-inbox");
    },
  );

  app.get(
    "/whatsapp-inbox/:id",
    {
      preValidation: staff,
      schema: { tags, params: IdParams, response: { 200: AdminWhatsAppMessage, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getWhatsAppInboxMessage(db.prisma, request.params.id),
  );

  app.post(
    "/whatsapp-inbox/:id/assign",
    {
      preValidation: staff,
      schema: {
        tags,
        params: IdParams,
        body: AdminWhatsAppAssignBody,
        response: { 200: AdminWhatsAppMessage, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      assignWhatsAppMessage({ db: db.prisma, hub, notifier }, request.user!.userId, request.params.id, request.body.orderId),
  );

  app.post(
    "/whatsapp-inbox/:id/dismiss",
    {
      preValidation: staff,
      schema: { tags, params: IdParams, response: { 200: AdminWhatsAppMessage, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => dismissWhatsAppMessage(db.prisma, request.user!.userId, request.params.id),
  );
};
