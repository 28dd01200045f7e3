// /admin/api/push (admin and support): this console browser's web push subscription, so new orders, proofs and
// shoppers' messages reach a staff member outside an open console tab (docs/product/notifications.md#staff-alerts).
// The same subscriptions as the storefront's, kept per account: a staff member's browsers are theirs.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { PushKeyReply, PushOkReply, PushSubscribeBody, PushUnsubscribeBody } from "../../schemas/push.ts";
import { removePushSubscription, savePushSubscription } from "../../notifications/push/subscriptions.ts";
import { loadVapidKeys } from "../../notifications/push/vapid-keys.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import { SUBSCRIBES_PER_MINUTE } from "../shop/push.ts";

export const adminPushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, notifier } = app.deps;
  const { publicKey } = loadVapidKeys({ dataDir: config.dataDir });
  const staff = app.requireStaff(STAFF_ROLES);
  const tags = ["staff"];
  const subscription = { tags, response: { 200: PushOkReply, ...errorResponses(400, 401, 403, 413, 415, 429) } };

  app.get(
    "/push/key",
    { preValidation: staff, schema: { tags, response: { 200: PushKeyReply, ...errorResponses(401, 403) } } },
    async () => ({
      success: true as const,
      publicKey,
    }),
  );

  app.post(
    "/push/subscribe",
    {
      preValidation: staff,
      config: { rateLimit: { max: SUBSCRIBES_PER_MINUTE, timeWindow: 60_000, hook: "preHandler", keyGenerator: app.perCustomer } },
      schema: { ...subscription, body: PushSubscribeBody },
    },
    async (request) => {
      await savePushSubscription(db.prisma, notifier.pushEndpoints, request.user!.userId, request.body);
      return { success: true as const };
    },
  );

  app.delete("/push/subscribe", { preValidation: staff, schema: { ...subscription, body: PushUnsubscribeBody } }, async (request) => {
    await removePushSubscription(db.prisma, request.user!.userId, request.body.endpoint);
    return { success: true as const };
  });
};
