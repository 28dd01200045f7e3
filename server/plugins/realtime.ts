// Real time as infrastructure: registers @fastify/websocket, starts the hub (LISTEN connection, heartbeat) and
// closes it with the app, and serves GET /ws, which only upgrades and hands the socket to the hub. The protocol
// lives in server/realtime/.
import type { FastifyPluginAsync } from "fastify";
import websocket from "@fastify/websocket";

/** Client frames are tiny (a token or an order id): anything bigger is refused by ws with close 1009. */
const MAX_FRAME_BYTES = 16 * 1024;

export const realtimePlugin: FastifyPluginAsync = async (app) => {
  const { hub } = app.deps;
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
    // On app.close: sockets get 1001 (going away, clients reconnect elsewhere) and the LISTEN connection
    // closes, all before the database does.
    preClose(done) {
      void hub.close().finally(() => this.websocketServer.close(() => done()));
    },
  });
  await hub.start(app.log);

  app.route({
    method: "GET",
    url: "/ws",
    schema: { hide: true },
    // A plain HTTP request (no upgrade) gets the API's error shape instead of an empty 404.
    handler: (_request, reply) =>
      reply.status(426).header("Upgrade", "websocket").send({ success: false, message: "Esta ligação só aceita WebSocket" }),
    wsHandler: (socket, request) => {
      hub.accept(socket, request.ip);
    },
  });
};
