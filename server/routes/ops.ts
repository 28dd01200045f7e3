// Operations endpoints (docs/design/operations.md): GET /health/live (the process answers) and GET /health/ready
// (the database answers, every migration is applied, the instance is not draining), for the proxy's health checks.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HealthReply, NotReadyReply } from "../schemas/ops.ts";
import { createReadinessCheck } from "../ops/readiness.ts";

export const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const readiness = await createReadinessCheck(app.deps.db, app.deps.lifecycle, { timeoutMs: app.deps.config.readyDbTimeoutMs });
  const tags = ["operations"];
  let last = "ready";

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
        response: { 200: HealthReply, 503: NotReadyReply },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      const result = await readiness.check();
      // Answered here rather than thrown: an expected state, logged once when it changes, not as a failed request
      // on every probe of the proxy.
      const now = result.ready ? "ready" : result.message;
      if (now !== last) app.log[result.ready ? "info" : "warn"](`readiness: ${now}`);
      last = now;
      if (!result.ready) return reply.status(503).send({ success: false as const, message: result.message });
      return { success: true as const, status: "ok" as const };
    },
  );
};
