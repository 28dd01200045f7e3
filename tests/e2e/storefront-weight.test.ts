// What a shopper on a slow connection downloads, measured in Chromium against the real shop:
// the first visit stays within budget, assets come compressed and cacheable forever, product cards
// use the small WebP thumbnails, a phone's product page the 800 px picture, and pdf.js is fetched only when a PDF is
// opened.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Request, Response } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { phonePage } from "../storefront/browser-support.ts";

/** Compressed bytes of JavaScript the home page needs before it renders (entry and its static imports). */
const FIRST_VISIT_JS_BUDGET = 90 * 1024;
const CSS_BUDGET = 8 * 1024;

/** The pages the storefront prefetches once the first screen is up (its router's lazy pages), as chunk paths. */
const prefetchedPages = [
  ...readFileSync(new URL("../../storefront/app/router.tsx", import.meta.url), "utf8").matchAll(/import\("\.\.\/pages\/([\w-]+)\.tsx"\)/g),
].map(([, name]) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`));

describe.runIf(browserAvailable())("storefront weight on a first visit", () => {
  const shop = useShopAndBrowser();

  it("stays within the JS and CSS budgets, compressed and immutable, with thumbnails on the cards and no pdf.js", async () => {
    // The app's own first-visit files, as a page the server does not draw names them (`/` and `/collection` carry
    // only the boot script, which fetches the app once the first screen's picture is on screen).
    const html = await (await fetch(`${shop.url}/about`)).text();
    const initial = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
    expect([...initial].some((f) => f.endsWith(".js"))).toBe(true);

    const page = await phonePage(shop.browser);
    const responses: Response[] = [];
    const requests: Request[] = [];
    page.on("response", (r) => responses.push(r));
    page.on("request", (r) => requests.push(r));
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

    // Once the idle prefetch has brought every page's chunk (and, imported, each one's static imports have been
    // asked for), pdf.js must still not be among the downloads.
    expect(prefetchedPages.length).toBeGreaterThan(10);
    const arrived = () => responses.map((r) => new URL(r.url()).pathname);
    await expect
      .poll(() => prefetchedPages.filter((chunk) => !arrived().some((p) => chunk.test(p))).map(String), { timeout: 30_000 })
      .toEqual([]);
    const chunks = arrived().filter((p) => prefetchedPages.some((chunk) => chunk.test(p)));
    // As a string: vitest would rewrite an import() written in this file.
    await page.evaluate(`Promise.all(${JSON.stringify(chunks)}.map((url) => import(url)))`);
    // The home page's two lists come in the page itself (the server drew its first screen): no request for them, and
    // never one for the whole catalogue.
    const asked = (path: string) => responses.filter((r) => new URL(r.url()).pathname === path);
    expect(asked("/api/catalogue/home")).toHaveLength(0);
    expect(asked("/api/product/list")).toHaveLength(0);
    expect(requests.map((r) => r.url()).filter((u) => /pdf\.worker|pdf-pages/.test(u))).toEqual([]);
    await page.context().close();
  });

  it("a 412 px phone at 1.75× takes the product page's 800 px picture, from the server's HTML and the app's alike", async () => {
    const { products } = (await (await fetch(`${shop.url}/api/product/list`)).json()) as {
      products: { _id: string; image: string[]; thumbnail: string[]; middle: string[] }[];
    };
    const product = products.find((p) => p.image.length > 0)!;
    expect(product.middle[0]).not.toBe(product.image[0]);
    // Lighthouse's mobile screen (Moto G Power): the picture fills 412 CSS px, 721 device px.
    const context = await shop.browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    const pictures: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") pictures.push(new URL(r.url()).pathname);
    });
    await page.goto(`${shop.url}/product/${product._id}`, { waitUntil: "load" });
    const main = page.locator(".gallery-main img");
    const shown = () =>
      main.evaluate((img) => ((img as HTMLImageElement).complete ? new URL((img as HTMLImageElement).currentSrc).pathname : ""));
    await expect.poll(shown).toBe(product.middle[0]);
    // The app takes over the page (its size buttons) with the same srcset: the same file, no second one.
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor({ timeout: 15_000 });
    await expect.poll(shown).toBe(product.middle[0]);
    // The gallery's small copy of the same picture (sizes 80px) is drawn from the file already there, not fetched.
    await expect
      .poll(() =>
        page
          .locator(".gallery-thumbs img")
          .first()
          .evaluate((img) => (img as HTMLImageElement).complete),
      )
      .toBe(true);
    expect(pictures).not.toContain(product.image[0]);
    expect(pictures).not.toContain(product.thumbnail[0]);
    expect(pictures.filter((p) => p === product.middle[0])).toHaveLength(1);
    await context.close();
  });

  it("index.html is revalidated on every visit, so a new release reaches shoppers at once", async () => {
    for (const path of ["/", "/collection", "/product/x"]) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
  });
});
