// The built shop in a real browser: the storefront at / shows the catalogue's products (the server hands the lists
// over in the page, so the app asks nothing);
// /collection comes in pages of 24 as the shopper scrolls, and back from a product returns to the same place in the
// grid, with nothing asked again.
import { describe, expect, it } from "vitest";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { phonePage } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("the built shop in Chromium", () => {
  const shop = useShopAndBrowser();

  it("opens / and shows products from the catalogue with their images", async () => {
    const page = await shop.browser.newPage();
    const { latest: products } = (await (await fetch(`${shop.url}/api/catalogue/home`)).json()) as { latest: { name: string }[] };
    await page.goto(`${shop.url}/`);
    const cards = page.getByTestId("product-card");
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThan(0);
    const text = await page.locator("body").innerText();
    expect(products.some((p) => text.includes(p.name))).toBe(true);
    const img = cards.first().locator("img").first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.close();
  });

  it("answers a client route such as /collection with the storefront (SPA fallback) and /admin/ with the console; an unknown product with 404", async () => {
    const paths: [string, number][] = [
      ["/collection", 200],
      ["/admin/", 200],
      ["/admin/orders", 200],
      ["/product/abc", 404],
    ];
    for (const [path, status] of paths) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toContain("text/html");
    }
  });

  it("collection scrolled to its second page, a product opened, back: the same place in the grid", async () => {
    const page = await phonePage(shop.browser);
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
    // Scrolled by script: a mouse wheel lands asynchronously, at a moment the test does not know.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(Math.min(48, total));
    await page.waitForURL(/[?&]page=2\b/);

    const card = cards.nth(30);
    await card.scrollIntoViewIfNeeded();
    // Then two frames: the scroll event (which the page remembers) has fired before the place is read.
    await page.evaluate(() => window.scrollBy(0, 120));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const href = await card.getAttribute("href");
    const place = await page.evaluate(() => window.scrollY);
    const top = await card.evaluate((el) => el.getBoundingClientRect().top);
    expect(place).toBeGreaterThan(2000);

    await card.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor({ timeout: 15_000 });
    expect(await page.title()).toMatch(/ — Loja$/);
    const asked = catalogueRequests.length;

    await page.goBack();
    await page.waitForURL(/\/collection\?page=2$/);
    await expect.poll(() => cards.count()).toBe(Math.min(48, total));
    // Within a pixel or two: at two device pixels per CSS pixel a restored place may land on a half pixel.
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - place)).toBeLessThanOrEqual(2);
    expect(await cards.nth(30).getAttribute("href")).toBe(href);
    expect(Math.abs((await cards.nth(30).evaluate((el) => el.getBoundingClientRect().top)) - top)).toBeLessThan(2);
    // The pages came from memory: nothing asked again, and never the whole product list.
    expect(catalogueRequests.slice(asked)).toEqual([]);
    expect(catalogueRequests.filter((r) => r.startsWith("/api/product/list"))).toEqual([]);
    await page.context().close();
  });

  it("a product link opened directly uses the product the server put in the page; an unknown one shows the app's not-found page", async () => {
    const page = await phonePage(shop.browser);
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/api/catalogue/") || pathname === "/api/product/list") asked.push(pathname);
    });
    const { products } = (await (await fetch(`${shop.url}/api/catalogue/products?pageSize=1`)).json()) as {
      products: { _id: string; name: string; image: string[]; middle: string[]; thumbnail: string[] }[];
    };
    const product = products[0]!;
    // The server-rendered picture first, then the app: on 3G they would otherwise share the connection.
    const order: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/.*\.js$/.test(r.url())) order.push("script");
    });
    // Whichever rendition of the main picture the phone's screen picks from its srcset.
    const renditions = [product.thumbnail[0], product.middle[0], product.image[0]];
    page.on("requestfinished", (r) => {
      if (renditions.includes(new URL(r.url()).pathname)) order.push("picture");
    });
    await page.goto(`${shop.url}/product/${product._id}`);
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor({ timeout: 15_000 });
    expect(product.image[0]).toBeTruthy();
    expect(order[0]).toBe("script"); // the boot script, in the page's head
    expect(order[1]).toBe("picture");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);
    expect(await page.title()).toBe(`${product.name} — Loja`);
    expect(await page.getByRole("link", { name: "Partilhar no WhatsApp" }).getAttribute("href")).toContain(
      encodeURIComponent(product.name),
    );
    expect(asked).toEqual([]);

    await page.goto(`${shop.url}/product/no-such-product`);
    await page.getByRole("link", { name: "VER A COLEÇÃO" }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Produto não encontrado");
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
