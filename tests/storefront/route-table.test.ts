// @vitest-environment node
// The boot file (storefront/paint-first.ts) preloads a route's page chunk before the app arrives, from its own
// copy of the route table: the router's lazy imports must stay literal for Vite to split them. This keeps the
// two in step: a route added, renamed or pointed at another page in app/router.tsx fails here until the boot
// file agrees.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTE_PAGES } from "../../storefront/paint-first.ts";

const router = readFileSync(new URL("../../storefront/app/router.tsx", import.meta.url), "utf8");

/** Page name → module, from `loaders` (`name: () => import("../pages/x.tsx")`). */
const loaders = Object.fromEntries(
  [...router.matchAll(/^\s+(\w+): \(\) => import\("\.\.\/(pages\/[\w-]+\.tsx)"\)/gm)].map((m) => [m[1]!, m[2]!]),
);
/** Route path → page module, from `<Route path="…" element={<Page.name />} />`. */
const routes = Object.fromEntries(
  [...router.matchAll(/<Route path="([^"]+)" element=\{<Page\.(\w+) \/>\}/g)].map((m) => [m[1]!, loaders[m[2]!]]),
);

/** Lazy routes the boot file leaves alone, and why. */
const NOT_PRELOADED: Record<string, string> = {
  "/verify": "reached only from Stripe's checkout, with the app usually cached",
  "/pdf-viewer": "opened from a chat, never a first visit worth a preload (its pdf.js is fetched on demand)",
  "*": "the not-found page",
};

const matches = (prefix: string, path: string) =>
  prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

describe("the boot file's route table", () => {
  it("was read from the router (guards the parsing above)", () => {
    expect(Object.keys(loaders).length).toBeGreaterThan(10);
    expect(Object.keys(routes).length).toBeGreaterThan(10);
  });

  it("names, for each of its prefixes, the page module the router serves there", () => {
    for (const [prefix, module] of Object.entries(ROUTE_PAGES)) {
      const served = Object.entries(routes).filter(([path]) => matches(prefix, path));
      expect(served.length, `no route in router.tsx for ${prefix}`).toBeGreaterThan(0);
      for (const [path, page] of served) expect(page, `${path} in router.tsx`).toBe(module);
    }
  });

  it("covers every lazy route of the router, or says why not", () => {
    for (const path of Object.keys(routes)) {
      const covered = Object.keys(ROUTE_PAGES).some((prefix) => matches(prefix, path));
      expect(covered || path in NOT_PRELOADED, `router.tsx route ${path} is neither in paint-first.ts nor in NOT_PRELOADED`).toBe(true);
    }
  });
});
