// A shopper's browsers that receive pushes: saved only at a browser's push service, at most MAX_PUSH_SUBSCRIPTIONS
// per account (the oldest is dropped).
import type { Db, PrismaClient } from "../../db/client.ts";
import { AppError } from "../../domain/errors.ts";
import type { PushEndpointPolicy } from "./endpoints.ts";
import { pushRepository } from "./repository.ts";

/** Browsers an account keeps pushes on; subscribing another drops its oldest (a shopper changing phones keeps working). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const NOT_A_PUSH_SERVICE = "Este endereço de avisos não pertence a um serviço de notificações do navegador";

/** Saves this browser's subscription: only at a push service, at most MAX_PUSH_SUBSCRIPTIONS per account. */
export async function savePushSubscription(
  db: PrismaClient,
  endpoints: PushEndpointPolicy,
  userId: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  if (!endpoints.isPushService(sub.endpoint) || !(await endpoints.resolvesPublic(sub.endpoint)))
    throw new AppError(400, NOT_A_PUSH_SERVICE);
  await db.$transaction(async (tx) => {
    const repo = pushRepository(tx);
    await repo.save(userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    await repo.keepNewest(userId, MAX_PUSH_SUBSCRIPTIONS);
  });
}

export const removePushSubscription = (db: Db, userId: string, endpoint: string) => pushRepository(db).removeForUser(userId, endpoint);
