// GET /ws: the real-time socket (DESIGN.md contract). The route only upgrades and hands the socket to the
// hub; the protocol lives in server/realtime/.
import type { FastifyPluginAsync } from "fastify";
import websocket from "@fastify/websocket";

/** Client frames are tiny (a token or an order id): anything bigger is refused by ws with close 1009. */
const MAX_FRAME_BYTES = 16 * 1024;

export const wsRoutes: FastifyPluginAsync = async (app) => {
  const { hub } = app.deps;
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } });
  await hub.start(app.log);
  // Sockets and the LISTEN connection close before the database does (app.close runs this first).
  app.addHook("onClose", async () => hub.close());

  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket) => {
    hub.accept(socket);
  });
};
