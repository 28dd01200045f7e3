// The console's service worker, served at /admin/sw.js (scope /admin/): it only shows the staff pushes (new order,
// new proof, a shopper's message: docs/design/notifications.md#staff-push) and opens the order on a tap. It caches
// and intercepts nothing: the console always goes to the network.
/* global self, clients */

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a console page of this shop is opened; anything else opens the console's first page. */
const consolePage = (url) => {
  try {
    const target = new URL(typeof url === "string" ? url : "/admin/", self.location.origin);
    return target.origin === self.location.origin && target.pathname.startsWith("/admin/") ? target.href : `${self.location.origin}/admin/`;
  } catch {
    return `${self.location.origin}/admin/`;
  }
};

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = (event.data && event.data.json()) || {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Loja — Consola";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      data: { url: consolePage(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = consolePage(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => new URL(c.url).pathname.startsWith("/admin/"));
      if (tab && "navigate" in tab) return tab.navigate(url).then((c) => (c || tab).focus());
      return clients.openWindow(url);
    }),
  );
});
