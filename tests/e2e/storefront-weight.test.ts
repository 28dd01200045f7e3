// What a shopper on a slow connection downloads, measured in Chromium against the real shop:
// the first visit stays within budget, assets come compressed and cacheable forever, product cards
// use the small WebP thumbnails, and pdf.js is fetched only when a PDF is opened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Response } from "playwright-core";
import { browserAvailable, launchBrowser } from "../helpers/browser.ts";
import { startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { phonePage } from "../storefront/browser-support.ts";

/** Compressed bytes of JavaScript the home page needs before it renders (entry and its static imports). */
const FIRST_VISIT_JS_BUDGET = 90 * 1024;
const CSS_BUDGET = 8 * 1024;

describe.runIf(browserAvailable())("storefront weight on a first visit", () => {
  let shop: ShopProcess;
  let browser: Browser;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShopProcess(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it("stays within the JS and CSS budgets, compressed and immutable, with thumbnails on the cards and no pdf.js", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const initial = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    expect([...initial].some((f) => f.endsWith(".js"))).toBe(true);

    const page = await phonePage(browser);
    const responses: Response[] = [];
    page.on("response", (r) => responses.push(r));
    await page.goto(`${shop.url}/`, { waitUntil: "load" });
    await page.getByTestId("product-card").first().waitFor({ timeout: 15_000 });

    let js = 0;
    let css = 0;
    for (const r of responses) {
      const path = new URL(r.url()).pathname;
      if (!initial.has(path)) continue;
      const headers = await r.allHeaders();
      expect(headers["content-encoding"], path).toBe("br");
      expect(headers["cache-control"], path).toContain("immutable");
      const { responseBodySize } = await r.request().sizes();
      if (path.endsWith(".js")) js += responseBodySize;
      else css += responseBodySize;
    }
    expect(js).toBeGreaterThan(0);
    expect(js).toBeLessThan(FIRST_VISIT_JS_BUDGET);
    expect(css).toBeLessThan(CSS_BUDGET);

    const home = (await (await fetch(`${shop.url}/api/catalogue/home`)).json()) as { latest: { thumbnail: string[] }[] };
    const thumbnails = new Set(home.latest.flatMap((p) => p.thumbnail));
    const cardImage = page.getByTestId("product-card").first().locator("img");
    await expect.poll(() => cardImage.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    const src = await cardImage.evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname);
    expect(thumbnails.has(src), src).toBe(true);

    // Let the idle prefetch of page chunks run: pdf.js must still not be among the downloads.
    await page.waitForTimeout(1500);
    // The home page asks for its two lists only, never the whole catalogue; the boot script starts that request
    // and the app reuses it: one request, not two.
    const asked = (path: string) => responses.filter((r) => new URL(r.url()).pathname === path);
    expect(asked("/api/catalogue/home")).toHaveLength(1);
    expect(asked("/api/product/list")).toHaveLength(0);
    expect(responses.map((r) => r.url()).filter((u) => /pdf\.worker|pdf-pages/.test(u))).toEqual([]);
    await page.context().close();
  });

  it("index.html is revalidated on every visit, so a new release reaches shoppers at once", async () => {
    for (const path of ["/", "/collection", "/product/x"]) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
  });
});
