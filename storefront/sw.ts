// The storefront's service worker (built into /sw.js by pwa.ts: type-stripped, with the shell list filled in).
// It keeps the app shell for slow or lost connections and shows web pushes. It never stores API answers, media
// (chat attachments, proofs: personal data) or the console: those always go to the network, untouched.
// Written against small local types: the project compiles with the DOM library, which lacks the worker's.

/** Filled in by the build: the files index.html loads, and a version that changes with them. */
declare const __LOJA_SHELL__: string[];
declare const __LOJA_VERSION__: string;

interface WaitUntilEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends WaitUntilEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEventLike extends WaitUntilEvent {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends WaitUntilEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: never) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `loja-shell-${__LOJA_VERSION__}`;
const INDEX = "/";
/** Personal or live data: never answered from, nor written to, a cache. */
const NETWORK_ONLY = ["/api/", "/media/", "/admin", "/ws"];

worker.addEventListener("install", (event: WaitUntilEvent) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([INDEX, ...__LOJA_SHELL__]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event: WaitUntilEvent) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("loja-shell-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

/**
 * Keeps a copy once the response is whole. `waitUntil` holds the worker alive until it is written: without it the
 * browser may stop an idle worker mid-write, and a page seen just before the connection drops would be missing.
 */
function keep(event: WaitUntilEvent, key: Request | string, response: Response): void {
  const copy = response.clone();
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
}

/**
 * Pages: the network first (a new release shows at once), the kept home page when offline, which the app routes to
 * the address asked for. Only the home refreshes the kept copy: other pages carry their own content in the markup
 * (a product page its product), which must not show under another address.
 */
async function page(event: FetchEventLike): Promise<Response> {
  try {
    const response = await fetch(event.request);
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (response.ok && html && new URL(event.request.url).pathname === INDEX) keep(event, INDEX, response);
    return response;
  } catch (error) {
    const cached = await caches.match(INDEX);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets never change under their name: the cache first, else the network (and kept). */
async function asset(event: FetchEventLike): Promise<Response> {
  const { request } = event;
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) keep(event, request, response);
  return response;
}

worker.addEventListener("fetch", (event: FetchEventLike) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NETWORK_ONLY.some((p) => url.pathname.startsWith(p))) return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(event));
});

interface PushMessage {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);

worker.addEventListener("push", (event: PushEventLike) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    // Not JSON: still tell the shopper something arrived.
  }
  const tag = typeof message.tag === "string" && message.tag ? message.tag : undefined;
  event.waitUntil(
    worker.registration.showNotification(text(message.title, "Loja"), {
      body: text(message.body, ""),
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: text(message.url, "/orders") },
      ...(tag ? { tag } : {}),
    }),
  );
});

worker.addEventListener("notificationclick", (event: NotificationEventLike) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  // Only pages of this shop: a payload cannot send the shopper elsewhere.
  const target = new URL(text(data?.url, "/orders"), worker.location.origin);
  const url = target.origin === worker.location.origin ? target.href : new URL("/orders", worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const tab = open.find((c) => c.url === url);
      return tab ? tab.focus() : worker.clients.openWindow(url);
    }),
  );
});
