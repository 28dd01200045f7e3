// /admin/api/reports (admin only): the accountant's CSV exports of orders and payments over a range of Luanda days,
// and the payments no bank statement line confirmed after N days (docs/product/staff-api.md#exports). The role is
// checked before the query is validated.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { reportCsv, unlinkedFileName, unlinkedPaymentsCsv } from "../../domain/reports/exports.ts";
import { reportFileName, type ReportKind } from "../../../shared/dashboard.ts";
import { DEFAULT_UNLINKED_DAYS, MAX_UNLINKED_DAYS } from "../../../shared/bank-statements.ts";

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "A Luanda day, YYYY-MM-DD (both ends included)" });
const ReportQuery = Type.Object({ from: Day, to: Day }, { additionalProperties: false });
const UnlinkedQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_UNLINKED_DAYS, description: `Whole days since received (default ${DEFAULT_UNLINKED_DAYS})` }),
    ),
  },
  { additionalProperties: false },
);

export const adminReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const admin = app.requireStaff(["admin"]);
  for (const kind of ["orders", "payments"] as const satisfies readonly ReportKind[]) {
    app.get(
      `/reports/${kind}.csv`,
      {
        preValidation: admin,
        schema: {
          tags: ["staff"],
          querystring: ReportQuery,
          produces: ["text/csv"],
          // 200: the CSV (UTF-8 with BOM, `;`-separated), streamed as it is read.
          response: errorResponses(400, 401, 403),
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const csv = reportCsv(db.prisma, kind, from, to);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${reportFileName(kind, from, to)}"`)
          .header("cache-control", "no-store")
          .send(csv);
      },
    );
  }

  app.get(
    "/reports/unlinked-payments.csv",
    {
      preValidation: admin,
      schema: { tags: ["staff"], querystring: UnlinkedQuery, produces: ["text/csv"], response: errorResponses(400, 401, 403) },
    },
    async (request, reply) => {
      const days = request.query.days ?? DEFAULT_UNLINKED_DAYS;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${unlinkedFileName(days)}"`)
        .header("cache-control", "no-store")
        .send(unlinkedPaymentsCsv(db.prisma, days));
    },
  );
};
