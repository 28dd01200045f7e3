import { api } from "../../lib/api-client.ts";
import { browserCanPush, vapidKeyBytes } from "../../../shared/push-key.ts";

// Web push on this device: the browser's subscription (through the service worker registered by main.tsx) and
// the server's copy of it (/api/push/subscribe). Only where the browser has it all: a service worker, the Push
// API and notifications (iPhones only once the shop is added to the home screen).

export const pushSupported = browserCanPush;

/** "default" (not asked yet), "granted" or "denied"; "denied" when the browser cannot push at all. */
export const pushPermission = (): NotificationPermission => (pushSupported() ? Notification.permission : "denied");

const registration = () => navigator.serviceWorker.ready;

/** This device's subscription, or null (also when the service worker is not running yet). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  // Without a registration (first visit, dev server) `ready` never settles: ask first.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return (await registration()).pushManager.getSubscription();
}

type SubscribeOutcome = "subscribed" | "denied" | "unsupported";

/** Asks permission (if not given yet), subscribes this device and tells the server. */
export async function subscribeDevice(): Promise<SubscribeOutcome> {
  if (!pushSupported() || !(await navigator.serviceWorker.getRegistration())) return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "denied";
  const { publicKey } = await api<{ success: true; publicKey: string }>("/api/push/key", { quiet: true });
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  await api("/api/push/subscribe", { method: "POST", body: subscription.toJSON() });
  return "subscribed";
}

/** Ends this device's subscription, in the browser and on the server. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await api("/api/push/subscribe", { method: "DELETE", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export const PUSH_DENIED = "As notificações estão bloqueadas neste navegador. Pode permiti-las nas definições do navegador.";
export const PUSH_UNSUPPORTED = "Este navegador não recebe avisos. No iPhone, adicione primeiro a loja ao ecrã principal.";
