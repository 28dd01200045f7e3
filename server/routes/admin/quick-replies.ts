// /admin/api/quick-replies: saved answers; every agent reads them (the reply box's menu), admins write them.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminQuickReply, AdminQuickReplyBody } from "../../schemas/admin-support.ts";
import {
  QUICK_REPLY_LIST,
  createQuickReply,
  deleteQuickReply,
  getQuickReply,
  listQuickReplies,
  updateQuickReply,
} from "../../domain/chat/quick-replies.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";

const tags = ["staff"];

export const adminQuickReplyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, attempts } = app.deps;
  const staff = app.requireStaff(STAFF_ROLES);
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/quick-replies",
    {
      preHandler: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminQuickReply), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listQuickReplies(db.prisma, request.listQuery(QUICK_REPLY_LIST));
      return reply.sendList(rows, total, "quick-replies");
    },
  );

  app.get(
    "/quick-replies/:id",
    { preHandler: staff, schema: { tags, params: IdParams, response: { 200: AdminQuickReply, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => getQuickReply(db.prisma, request.params.id),
  );

  app.post(
    "/quick-replies",
    {
      preHandler: admin,
      schema: { tags, body: AdminQuickReplyBody, response: { 200: AdminQuickReply, ...errorResponses(400, 401, 403, 429) } },
    },
    async (request) => createQuickReply(db.prisma, { attempts, actorId: request.user!.userId }, request.body),
  );

  app.put(
    "/quick-replies/:id",
    {
      preHandler: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminQuickReplyBody,
        response: { 200: AdminQuickReply, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => updateQuickReply(db.prisma, { attempts, actorId: request.user!.userId }, request.params.id, request.body),
  );

  app.delete(
    "/quick-replies/:id",
    { preHandler: admin, schema: { tags, params: IdParams, response: { 200: AdminQuickReply, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => deleteQuickReply(db.prisma, request.params.id),
  );
};
