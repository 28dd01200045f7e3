import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { RootLayout } from "./app/layout.tsx";
import { preparePage, prefetchPages } from "./app/router.tsx";
import { seedServerPage, serverFilledPage } from "./features/catalogue/server-initial.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

// Before the app replaces #root, where the server may have put the page's data (and drawn the page).
seedServerPage();

// A transition lets React yield to the browser while it builds the first screen: on a slow phone the
// page stays responsive instead of one long task (index.html's skeleton is on screen meanwhile).
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <RootLayout />
        </BrowserRouter>
      </StrictMode>,
    );
  });
// A page the server drew stays on screen until its own module is here (the boot script fetched it with the app).
if (serverFilledPage()) void preparePage(location.pathname).then(render);
else render();

// While the shopper reads the first page: not before its skeleton second and pictures are through, so on 3G
// the other pages' chunks do not compete with the first screen's images for the little bandwidth there is.
const PREFETCH_AFTER = 3000;
const idle = (cb: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(cb, { timeout: 5000 }) : setTimeout(cb, 0));
const prefetchLater = () => setTimeout(() => idle(() => prefetchPages(idle)), PREFETCH_AFTER);
// The service worker (installable shop, push, the shell offline) only in a build: the dev server's modules are
// not hashed and must never be served from a cache. Registered when the first screen is done, in idle time.
const registerWorkerLater = () => idle(() => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
const afterLoad = (cb: () => void) => {
  if (document.readyState === "complete") cb();
  else window.addEventListener("load", cb, { once: true });
};
// main.tsx may start after the load event (index.html imports it once the skeleton is painted).
afterLoad(prefetchLater);
if (import.meta.env.PROD && "serviceWorker" in navigator) afterLoad(registerWorkerLater);
