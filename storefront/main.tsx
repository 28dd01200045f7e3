import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { RootLayout } from "./app/layout.tsx";
import { prefetchPages } from "./app/router.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

// A transition lets React yield to the browser while it builds the first screen: on a slow phone the
// page stays responsive instead of one long task (index.html's skeleton is on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
    </StrictMode>,
  );
});

// After the first page has loaded, while the shopper reads it.
const idle = (cb: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(cb, { timeout: 5000 }) : setTimeout(cb, 3000));
window.addEventListener("load", () => idle(prefetchPages), { once: true });
