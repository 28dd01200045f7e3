// Web Push (VAPID) to installed storefronts: a support reply, payment confirmed, shipped. The payload is small
// JSON the service worker shows as a notification; `url` is the page tapping it opens. A subscription the browser
// dropped (404/410) or that keeps failing is forgotten.
import webpush from "web-push";
import type { Db } from "../../db/client.ts";
import type { PushEndpointPolicy } from "./endpoints.ts";
import { pushRepository, type StoredPushSubscription } from "./repository.ts";
import { MAX_PUSH_SUBSCRIPTIONS } from "./subscriptions.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** At most this many staff browsers are pushed to per event (ten per member: a large team). */
const MAX_STAFF_PUSHES = 200;

export interface PushPayload {
  title: string;
  body: string;
  /** Page to open on tap: the storefront's (/message/{orderId}, /orders) or, for staff, the console's (/admin/#/…). */
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
  /** Every console browser of an active staff member that allowed pushes. */
  sendToStaff(payload: PushPayload): Promise<PushOutcome[]>;
}

interface PushSenderOptions {
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
    async sendToStaff(payload) {
      const subscriptions = await repo.listForStaff(MAX_STAFF_PUSHES);
      return Promise.all(subscriptions.map((s) => send(s, payload)));
    },
  };
}
