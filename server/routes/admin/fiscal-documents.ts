// /admin/api/fiscal-documents (docs/product/fiscal-documents.md#the-console): the list with each document's state,
// "Tentar de novo" (admins) for one that failed or was rejected; and POST /admin/api/orders/:id/fiscal-documents,
// an admin attaching the document issued in the AGT portal (multipart: type, number, file — a PDF).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import { AdminFiscalDocument } from "../../schemas/fiscal.ts";
import { FISCAL_LIST, attachFiscalDocument, listFiscalDocuments, retryFiscalDocument } from "../../domain/fiscal/service.ts";
import { MAX_FISCAL_PDF_BYTES } from "../../../shared/fiscal.ts";

const tags = ["staff"];
const Reply = Type.Object({ success: Type.Literal(true), document: AdminFiscalDocument });

export const adminFiscalDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const staff = app.requireStaff(["admin", "support"]);
  const admin = app.requireStaff(["admin"]);

  app.get(
    "/fiscal-documents",
    {
      preValidation: staff,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminFiscalDocument), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listFiscalDocuments(deps.db.prisma, request.listQuery(FISCAL_LIST));
      return reply.sendList(rows, total, "fiscal-documents");
    },
  );

  app.post(
    "/fiscal-documents/:id/retry",
    {
      preValidation: admin,
      schema: { tags, params: IdParams, response: { 200: Reply, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => ({ success: true as const, document: await retryFiscalDocument(deps, request.params.id) }),
  );

  app.post(
    "/orders/:id/fiscal-documents",
    {
      // The role is checked before a byte of the body is read (onRequest): support and shoppers are refused first.
      onRequest: admin,
      schema: {
        tags,
        params: IdParams,
        consumes: ["multipart/form-data"],
        description: "Multipart fields: type (FR or NC), number (as the AGT portal shows it); file: the document's PDF (at most 10 MB).",
        response: { 200: Reply, ...errorResponses(400, 401, 403, 404, 413, 415, 507) },
      },
    },
    async (request) => {
      const form = await request.readForm(["type", "number"], { maxFileBytes: MAX_FISCAL_PDF_BYTES, tooLarge: "O PDF excede 10 MB" });
      const document = await attachFiscalDocument(deps, {
        orderId: request.params.id,
        type: form.fields.type,
        number: form.fields.number,
        file: form.file ?? undefined,
        staffUserId: request.user!.userId,
      });
      return { success: true as const, document };
    },
  );
};
