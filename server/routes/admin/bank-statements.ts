// /admin/api/bank-statements, /bank-statement-lines and /bank-statement-mappings (admin only, reads too: a statement
// shows the whole account's income, not only shoppers' orders): import a statement, list its lines, suggest the
// orders a waiting line may be, assign one (new
// money), link one to a payment already recorded ("é o mesmo pagamento") or dismiss one, list the column mappings
// admins saved and delete one (with the admin's password).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { MAX_STATEMENT_BYTES, STATEMENT_TOO_LARGE, type StatementMapping } from "../../../shared/bank-statements.ts";
import { errorResponses } from "../../schemas/common.ts";
import { AdminListQuery, IdParams } from "../../schemas/admin-common.ts";
import {
  AdminBankStatement,
  AdminStatementAssignBody,
  AdminStatementCandidate,
  AdminStatementDismissBody,
  AdminStatementLine,
  AdminStatementLinkBody,
  AdminStatementMapping,
  AdminStatementMappingDeleteBody,
  StatementImportReply,
  StatementMappingField,
  StatementMappingNeededReply,
} from "../../schemas/admin-bank-statements.ts";
import {
  LINE_LIST,
  STATEMENT_LIST,
  assignLine,
  dismissLine,
  getLine,
  importStatement,
  linkLine,
  listLines,
  listStatements,
} from "../../domain/payments/bank-statements.ts";
import { MAPPING_LIST, deleteMapping, listMappings } from "../../domain/payments/statement-mappings.ts";
import { lineCandidates } from "../../domain/payments/statement-candidates.ts";
import { AppError } from "../../domain/errors.ts";

const tags = ["staff"];

/** The multipart field `mapping`: JSON checked against its schema (a form field gets no route validation). */
function mappingOf(raw: string | undefined): StatementMapping | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError(400, "Campo mapping inválido: JSON mal formado");
  }
  if (!Value.Check(StatementMappingField, value)) throw new AppError(400, "Campo mapping inválido");
  return value;
}

/** Orders a PostgreSQL import settles at once: under half the pool (10), so the shop keeps serving meanwhile. */
const STATEMENT_SETTLE_CONCURRENCY = 4;

export const adminBankStatementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, attempts } = app.deps;
  const admin = app.requireStaff(["admin"]);

  app.post(
    "/bank-statements",
    {
      preHandler: admin,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        response: {
          200: StatementImportReply,
          422: StatementMappingNeededReply,
          ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507),
        },
      },
    },
    async (request) => {
      const form = await request.readForm(["mapping"], { maxFileBytes: MAX_STATEMENT_BYTES, tooLarge: STATEMENT_TOO_LARGE });
      const mapping = mappingOf(form.fields.mapping);
      const counts = await importStatement(db.prisma, {
        file: form.file,
        staffUserId: request.user!.userId,
        ...(mapping ? { mapping } : {}),
        concurrency: db.kind === "postgres" ? STATEMENT_SETTLE_CONCURRENCY : 1,
      });
      return { success: true as const, ...counts };
    },
  );

  app.get(
    "/bank-statements",
    {
      preValidation: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminBankStatement), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listStatements(db.prisma, request.listQuery(STATEMENT_LIST));
      return reply.sendList(rows, total, "bank-statements");
    },
  );

  app.get(
    "/bank-statement-lines",
    {
      preValidation: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminStatementLine), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listLines(db.prisma, request.listQuery(LINE_LIST));
      return reply.sendList(rows, total, "bank-statement-lines");
    },
  );

  app.get(
    "/bank-statement-lines/:id",
    {
      preValidation: admin,
      schema: { tags, params: IdParams, response: { 200: AdminStatementLine, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getLine(db.prisma, request.params.id),
  );

  // The orders a waiting line may be, best first, for the assign and link dialogs (an empty list once decided).
  app.get(
    "/bank-statement-lines/:id/candidates",
    {
      preValidation: admin,
      schema: {
        tags,
        params: IdParams,
        response: { 200: Type.Array(AdminStatementCandidate), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => lineCandidates(db.prisma, request.params.id),
  );

  app.post(
    "/bank-statement-lines/:id/assign",
    {
      preValidation: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminStatementAssignBody,
        response: { 200: AdminStatementLine, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      assignLine(db.prisma, {
        lineId: request.params.id,
        order: request.body.orderId,
        staffUserId: request.user!.userId,
        ...(request.body.overpayment !== undefined ? { overpayment: request.body.overpayment } : {}),
        ...(request.body.duplicateReason !== undefined ? { duplicateReason: request.body.duplicateReason } : {}),
        ...(request.body.newPayment !== undefined ? { newPayment: request.body.newPayment } : {}),
      }),
  );

  app.post(
    "/bank-statement-lines/:id/link",
    {
      preValidation: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminStatementLinkBody,
        response: { 200: AdminStatementLine, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      linkLine(db.prisma, { lineId: request.params.id, paymentId: request.body.paymentId, staffUserId: request.user!.userId }),
  );

  app.post(
    "/bank-statement-lines/:id/dismiss",
    {
      preValidation: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminStatementDismissBody,
        response: { 200: AdminStatementLine, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      dismissLine(db.prisma, { lineId: request.params.id, reason: request.body.reason, staffUserId: request.user!.userId }),
  );

  app.get(
    "/bank-statement-mappings",
    {
      preValidation: admin,
      schema: { tags, querystring: AdminListQuery, response: { 200: Type.Array(AdminStatementMapping), ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const { rows, total } = await listMappings(db.prisma, request.listQuery(MAPPING_LIST));
      return reply.sendList(rows, total, "bank-statement-mappings");
    },
  );

  app.delete(
    "/bank-statement-mappings/:id",
    {
      preValidation: admin,
      schema: {
        tags,
        params: IdParams,
        body: AdminStatementMappingDeleteBody,
        response: { 200: AdminStatementMapping, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      deleteMapping(db.prisma, attempts, {
        id: request.params.id,
        staffUserId: request.user!.userId,
        password: request.body.currentPassword,
      }),
  );
};
