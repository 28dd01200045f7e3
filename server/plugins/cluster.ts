// The cluster bus as infrastructure: started before anything that publishes (LISTEN connection on PostgreSQL) and
// closed with the app, after the sockets and before the database. The bus itself lives in server/cluster/.
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export const clusterPlugin: FastifyPluginAsync = fp(async (app) => {
  const { bus } = app.deps;
  await bus.start(app.log);
  app.addHook("onClose", () => bus.close());
});
