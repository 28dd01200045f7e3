// /admin/api/conversations (admin and support): the support inbox, one conversation per order.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams, OkReply, OrderIdParams, UnreadCountReply } from "../../schemas/admin-common.ts";
import {
  AdminConversation,
  AdminMessageReply,
  AdminMessagesReply,
  AssigneeBody,
  AssigneesReply,
} from "../../schemas/admin-conversations.ts";
import {
  CONVERSATION_LIST,
  assignConversation,
  countUnreadConversations,
  getConversation,
  listAssignees,
  listConversations,
} from "../../domain/chat/conversations.ts";
import { listConversationMessages, markReadBySupport, sendSupportReply } from "../../domain/chat/service.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminConversationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, hub } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);

  app.get(
    "/conversations",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminConversation), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listConversations(db.prisma, request.listQuery(CONVERSATION_LIST), request.user!.userId);
      return reply.sendList(rows, total, "conversations");
    },
  );

  app.get(
    "/conversations/unread-count",
    { preHandler: staff, schema: { tags, response: { 200: UnreadCountReply, ...errorResponses(401, 403) } } },
    async () => {
      return { success: true as const, count: await countUnreadConversations(db.prisma) };
    },
  );

  app.get(
    "/conversations/assignees",
    { preHandler: staff, schema: { tags, response: { 200: AssigneesReply, ...errorResponses(401, 403) } } },
    async () => ({ success: true as const, staff: await listAssignees(db.prisma) }),
  );

  app.put(
    "/conversations/:orderId/assignee",
    {
      preHandler: staff,
      schema: {
        tags,
        params: OrderIdParams,
        body: AssigneeBody,
        response: { 200: AdminConversation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const conversation = await assignConversation(db.prisma, request.params.orderId, request.body.assigneeId, request.user!.userId);
      // Every open console (the caller's other tabs too) shows the new assignee without a reload.
      await hub.publishAssigneeChanged({ orderId: conversation.orderId, assignee: conversation.assignee, byId: request.user!.userId });
      return conversation;
    },
  );

  app.get(
    "/conversations/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminConversation, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getConversation(db.prisma, request.params.id),
  );

  app.get(
    "/conversations/:id/messages",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminMessagesReply, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      return { success: true as const, messages: await listConversationMessages(db.prisma, request.params.id) };
    },
  );

  app.post(
    "/conversations/:id/read",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: OkReply, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      await markReadBySupport(db.prisma, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    "/conversations/:id/messages",
    {
      preHandler: staff,
      schema: {
        tags,
        params: IdParams,
        consumes: ["multipart/form-data"],
        response: { 200: AdminMessageReply, ...errorResponses(400, 401, 403, 404, 413, 415, 507) },
      },
    },
    async (request) => {
      const form = await request.readForm(["text"]);
      // Stored with sender 'support' and published to the hub: the shopper's open chat and notifications get it live.
      const posted = await sendSupportReply(db.prisma, {
        orderId: request.params.id,
        staffUserId: request.user!.userId,
        text: form.fields.text,
        file: form.file && { upload: form.file, media: app.deps.media },
      });
      // Live right after the commit; the shopper's push follows from its event (server/subscribers/shopper-pushes.ts).
      await hub.publishMessage(posted);
      return { success: true as const, message: posted.message };
    },
  );
};
