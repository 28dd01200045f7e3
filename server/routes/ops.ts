// Operations endpoints (docs/design/operations.md): GET /health/live (the process answers) and GET /health/ready
// (the database answers, every migration is applied, the instance is not draining), for the proxy's health checks.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HealthReply } from "../schemas/ops.ts";
import { errorResponses } from "../schemas/common.ts";
import { createReadinessCheck } from "../ops/readiness.ts";
import { AppError } from "../domain/errors.ts";

export const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const readiness = await createReadinessCheck(app.deps.db, app.deps.lifecycle, { timeoutMs: app.deps.config.readyDbTimeoutMs });
  const tags = ["operations"];

  app.get(
    "/health/live",
    { schema: { tags, description: "The process is up and its event loop turns.", response: { 200: HealthReply } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true as const, status: "ok" as const };
    },
  );

  app.get(
    "/health/ready",
    {
      schema: {
        tags,
        description: "This instance should receive traffic: 503 while the database is away, migrations are missing or it is draining.",
        response: { 200: HealthReply, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      const result = await readiness.check();
      if (!result.ready) throw new AppError(503, result.message);
      return { success: true as const, status: "ok" as const };
    },
  );
};
