// The catalogue at real size in Chromium against the real shop (issue 14): /collection comes in pages of 24 as the
// shopper scrolls, and back from a product returns to the same place in the grid, with nothing asked again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launchBrowser } from "../helpers/browser.ts";
import { startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { phonePage } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("the storefront's catalogue in Chromium", () => {
  let shop: ShopProcess;
  let browser: Browser;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShopProcess(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it("collection scrolled to its second page, a product opened, back: the same place in the grid", async () => {
    const page = await phonePage(browser);
    const catalogueRequests: string[] = [];
    page.on("request", (r) => {
      const { pathname, search } = new URL(r.url());
      if (pathname.startsWith("/api/catalogue/") || pathname === "/api/product/list") catalogueRequests.push(pathname + search);
    });
    await page.goto(`${shop.url}/collection`);
    const cards = page.getByTestId("product-card");
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(24);
    const total = Number((await page.getByTestId("collection-total").textContent())?.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(24);

    // Scrolling to the end of the grid brings the second page (infinite scroll), and the address says so.
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(Math.min(48, total));
    await page.waitForURL(/[?&]page=2\b/);

    const card = cards.nth(30);
    await card.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    const href = await card.getAttribute("href");
    const place = await page.evaluate(() => window.scrollY);
    const top = await card.evaluate((el) => el.getBoundingClientRect().top);
    expect(place).toBeGreaterThan(2000);

    await card.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor({ timeout: 15_000 });
    expect(await page.title()).toMatch(/^Loja — /);
    const asked = catalogueRequests.length;

    await page.goBack();
    await page.waitForURL(/\/collection\?page=2$/);
    await expect.poll(() => cards.count()).toBe(Math.min(48, total));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
    expect(await cards.nth(30).getAttribute("href")).toBe(href);
    expect(Math.abs((await cards.nth(30).evaluate((el) => el.getBoundingClientRect().top)) - top)).toBeLessThan(2);
    // The pages came from memory: nothing asked again, and never the whole product list.
    expect(catalogueRequests.slice(asked)).toEqual([]);
    expect(catalogueRequests.filter((r) => r.startsWith("/api/product/list"))).toEqual([]);
    await page.context().close();
  });
});
