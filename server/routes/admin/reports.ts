// /admin/api/reports (admin only): the accountant's CSV exports of orders and payments over a range of Luanda days
// (docs/product/staff-api.md#exports). The role is checked before the query is validated.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses } from "../../schemas/common.ts";
import { reportCsv, reportFileName, type ReportKind } from "../../domain/reports/exports.ts";

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "A Luanda day, YYYY-MM-DD (both ends included)" });
const ReportQuery = Type.Object({ from: Day, to: Day }, { additionalProperties: false });

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
};
