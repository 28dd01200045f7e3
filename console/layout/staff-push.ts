// Web push on this console browser (docs/product/notifications.md#staff-alerts): the console's own service worker
// (/admin/sw.js, scope /admin/) and its subscription, kept by the server for the signed-in staff member
// (/admin/api/push/subscribe). Only where the browser has a service worker, the Push API and notifications.
import { apiFetch } from "../lib/http.ts";
import { browserCanPush, vapidKeyBytes } from "../../shared/push-key.ts";

const SCRIPT = "/admin/sw.js";
const SCOPE = "/admin/";

export const staffPushSupported = browserCanPush;

const consoleRegistration = () => navigator.serviceWorker.getRegistration(SCOPE);

/** This browser's console subscription, or null. */
export async function staffSubscription(): Promise<PushSubscription | null> {
  if (!staffPushSupported()) return null;
  const registration = await consoleRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

type Outcome = "subscribed" | "denied" | "unsupported";

/** Asks the browser's permission (on the staff member's click), registers the worker, subscribes, tells the server. */
export async function subscribeStaffBrowser(): Promise<Outcome> {
  if (!staffPushSupported()) return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "denied";
  const registration = (await consoleRegistration()) ?? (await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE }));
  const { publicKey } = await apiFetch<{ publicKey: string }>("/push/key");
  // Subscribing needs an active worker: wait for the one just registered.
  const worker = registration.active ?? registration.installing ?? registration.waiting;
  if (worker && worker.state !== "activated")
    await new Promise<void>((resolve) =>
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated" || worker.state === "redundant") resolve();
      }),
    );
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  await apiFetch("/push/subscribe", { method: "POST", body: JSON.stringify(subscription.toJSON()) });
  return "subscribed";
}

/** Ends this browser's console subscription, on the server and in the browser. */
export async function unsubscribeStaffBrowser(): Promise<void> {
  const subscription = await staffSubscription();
  if (!subscription) return;
  await apiFetch("/push/subscribe", { method: "DELETE", body: JSON.stringify({ endpoint: subscription.endpoint }) });
  await subscription.unsubscribe();
}
