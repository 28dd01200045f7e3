// Web Push (VAPID) to installed storefronts: a support reply, payment confirmed, shipped. The payload is small
// JSON the service worker shows as a notification; `url` is the page tapping it opens.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Db, PrismaClient } from "../db/client.ts";
import { AppError } from "../domain/errors.ts";
import type { PushEndpointPolicy } from "./push-endpoints.ts";
import { pushRepository, type StoredPushSubscription } from "./push-repository.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = "mailto:loja@localhost";

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (and VAPID_SUBJECT) from the environment, else the pair kept in
 * DATA_DIR/vapid.json, generated on first start (mode 0600). The keys must not change: browsers' subscriptions
 * are bound to the public key.
 */
export function loadVapidKeys(opts: { dataDir: string; env?: NodeJS.ProcessEnv }): VapidKeys {
  const env = opts.env ?? process.env;
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey)
    throw new Error("Defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma, para usar as chaves em DATA_DIR/vapid.json)");

  const file = path.join(opts.dataDir, "vapid.json");
  const read = () => {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    // 'wx': if another process wrote the file first, its keys win.
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return read();
  }
  return { ...generated, subject };
}

export interface PushPayload {
  title: string;
  body: string;
  /** Page of the storefront to open on tap, e.g. /message/{orderId} or /orders. */
  url: string;
  /** Notifications with the same tag replace each other (e.g. one per order's chat). */
  tag?: string;
}

export type PushOutcome = "sent" | "removed" | "failed";

export interface PushSender {
  /** For the storefront's subscribe call (applicationServerKey). */
  readonly publicKey: string;
  /** One subscription: removed on 404/410 (the browser dropped it), its failures counted otherwise. */
  send(subscription: StoredPushSubscription, payload: PushPayload): Promise<PushOutcome>;
  /** Every subscription of the customer. */
  sendToUser(userId: string, payload: PushPayload): Promise<PushOutcome[]>;
}

export interface PushSenderOptions {
  db: Db;
  vapid: VapidKeys;
  /** Seconds the push service keeps an undelivered message (default one day). */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** A subscription failing this many times in a row is dropped. */
  maxFailures?: number;
  /** Where pushes may go, and the agent that connects only to public addresses (tests: their local service). */
  endpoints: PushEndpointPolicy;
}

export function createPushSender(opts: PushSenderOptions): PushSender {
  const repo = pushRepository(opts.db);
  const maxFailures = opts.maxFailures ?? 20;
  const options: webpush.RequestOptions = {
    vapidDetails: { subject: opts.vapid.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey },
    TTL: opts.ttlSeconds ?? 24 * 60 * 60,
    timeout: opts.timeoutMs ?? 10_000,
    contentEncoding: "aes128gcm",
    agent: opts.endpoints.agent,
  };

  async function send(subscription: StoredPushSubscription, payload: PushPayload): Promise<PushOutcome> {
    // A row from before the rule (or a service no longer listed) is forgotten rather than posted to.
    if (!opts.endpoints.isPushService(subscription.endpoint)) {
      await repo.remove(subscription.id);
      return "removed";
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag }),
        options,
      );
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410 || (await repo.recordFailure(subscription.id)) >= maxFailures) {
        await repo.remove(subscription.id);
        return "removed";
      }
      return "failed";
    }
    await repo.recordSuccess(subscription.id);
    return "sent";
  }

  return {
    publicKey: opts.vapid.publicKey,
    send,
    async sendToUser(userId, payload) {
      const subscriptions = await repo.listForUser(userId, MAX_PUSH_SUBSCRIPTIONS);
      return Promise.all(subscriptions.map((s) => send(s, payload)));
    },
  };
}

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
