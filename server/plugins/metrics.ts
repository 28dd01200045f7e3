// GET /metrics for Prometheus (docs/design/operations.md#metrics), and the hook that times every request by its
// route pattern. Never public: without METRICS_TOKEN the endpoint does not exist (404), and with it only
// `Authorization: Bearer <METRICS_TOKEN>` reads it (401 otherwise).
import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { createMetrics } from "../ops/metrics.ts";
import { outboxRepository } from "../notifications/outbox/repository.ts";
import { AppError } from "../domain/errors.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared as digests: equal lengths, so the comparison takes the same time whatever was sent. */
const sameToken = (sent: string, expected: string) => timingSafeEqual(digest(sent), digest(expected));

const metricsPlugin: FastifyPluginAsync = async (app) => {
  const { hub, db, config } = app.deps;
  const metrics = createMetrics({
    openSockets: () => hub.openSockets,
    poolUse: db.poolUse,
    outboxBacklog: () => outboxRepository(db.prisma).backlog(),
  });

  app.addHook("onResponse", async (request, reply) => {
    // The pattern (/api/order/:id), never the URL: one series per route, whatever ids shoppers send.
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observeRequest({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const token = config.metricsToken;
    if (!token) throw new AppError(404, `Rota não encontrada: GET /metrics`);
    const sent = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!sent || !sameToken(sent, token)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, "Indique o token das métricas (METRICS_TOKEN)");
    }
    reply.header("Content-Type", metrics.registry.contentType).header("Cache-Control", "no-store");
    return metrics.registry.metrics();
  });
};

export default fp(metricsPlugin, { name: "metrics" });
