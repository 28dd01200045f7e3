// Web Push for installed storefronts: the VAPID public key, and this browser's subscription of the signed-in
// shopper (one per endpoint: a browser re-subscribing, or another account signing in on it, takes it over).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { PushKeyReply, PushOkReply, PushSubscribeBody, PushUnsubscribeBody } from "../../schemas/push.ts";
import { removePushSubscription, savePushSubscription } from "../../notifications/push/subscriptions.ts";
import { loadVapidKeys } from "../../notifications/push/vapid-keys.ts";

export const SUBSCRIBES_PER_MINUTE = 10;

export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, notifier } = app.deps;
  // From the environment, or generated once into DATA_DIR: push is always available.
  const { publicKey } = loadVapidKeys({ dataDir: config.dataDir });
  const subscription = { tags: ["shopper"], response: { 200: PushOkReply, ...errorResponses(400, 401, 413, 415, 429) } };

  app.get("/api/push/key", { schema: { tags: ["shopper"], response: { 200: PushKeyReply } } }, async () => ({
    success: true as const,
    publicKey,
  }));

  app.post(
    "/api/push/subscribe",
    {
      preValidation: app.authenticate,
      // A browser subscribes once per device and permission; more is someone filling the table.
      config: { rateLimit: { max: SUBSCRIBES_PER_MINUTE, timeWindow: 60_000, hook: "preHandler", keyGenerator: app.perCustomer } },
      schema: { ...subscription, body: PushSubscribeBody },
    },
    async (request) => {
      await savePushSubscription(db.prisma, notifier.pushEndpoints, request.user!.userId, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    "/api/push/subscribe",
    {
      preValidation: app.authenticate,
      schema: { ...subscription, body: PushUnsubscribeBody },
    },
    async (request) => {
      // Someone else's endpoint is left alone; the answer is the same (nothing to tell a caller about it).
      await removePushSubscription(db.prisma, request.user!.userId, request.body.endpoint);
      return { success: true as const };
    },
  );
};
