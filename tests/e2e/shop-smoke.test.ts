// The built shop in a real browser: the storefront at / loads its lists from the catalogue API and shows products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launchBrowser } from "../helpers/browser.ts";
import { startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";

describe.runIf(browserAvailable())("the built shop in Chromium", () => {
  let shop: ShopProcess;
  let browser: Browser;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShopProcess(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it("opens / and shows products from the catalogue with their images", async () => {
    const page = await browser.newPage();
    const listed = page.waitForResponse((r) => r.url().endsWith("/api/catalogue/home") && r.status() === 200);
    await page.goto(`${shop.url}/`);
    const { latest: products } = (await (await listed).json()) as { latest: { name: string }[] };
    const cards = page.getByTestId("product-card");
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThan(0);
    const text = await page.locator("body").innerText();
    expect(products.some((p) => text.includes(p.name))).toBe(true);
    const img = cards.first().locator("img").first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it("answers a client route such as /collection with the storefront (SPA fallback) and /admin/ with the console", async () => {
    for (const path of ["/collection", "/product/abc", "/admin/", "/admin/orders"]) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain("text/html");
    }
  });
});
