// /admin/api/outbox (admin only, read-only): the e-mails the shop sent or would send, for the console's page.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminOutboxMail } from "../../schemas/admin-outbox.ts";
import { getOutboxMailForConsole, listOutboxForConsole, OUTBOX_LIST } from "../../notifications/outbox/console.ts";

const tags = ["staff"];

export const adminOutboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, notifier } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/outbox",
    {
      preValidation: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminOutboxMail), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listOutboxForConsole(db.prisma, request.listQuery(OUTBOX_LIST));
      return reply.sendList(rows, total, "outbox");
    },
  );

  app.get(
    "/outbox/:id",
    { preValidation: admin, schema: { tags, params: IdParams, response: { 200: AdminOutboxMail, ...errorResponses(400, 401, 403, 404) } } },
    async (request) =>
      getOutboxMailForConsole(
        db.prisma,
        request.params.id,
        (mail) => notifier.preview(mail),
        () => notifier.phoneContext(),
      ),
  );
};
