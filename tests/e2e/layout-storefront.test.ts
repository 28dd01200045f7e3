// Every storefront screen at 320, 390 and 1280 px in Chromium, against the real shop with data: no horizontal overflow,
// and the floating support button clear of controls, cards and text (tests/helpers/layout.ts says exactly how).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browserAvailable, followRequests, useShopAndBrowser } from "../helpers/e2e.ts";
import { checkScreen, layoutShopper, openScreen } from "../helpers/layout.ts";
import type { ListedProduct } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("the storefront's layout at 320, 390 and 1280 px (overflow, floating button)", () => {
  const shop = useShopAndBrowser();
  let product: ListedProduct;
  let orderId = "";
  let token = "";

  beforeAll(async () => {
    ({ product, orderId, token } = await layoutShopper(shop.url));
  });

  const screens: {
    name: string;
    path: () => string;
    ready: (p: Page) => Promise<unknown>;
    signedOut?: boolean;
    staysBusy?: boolean;
    then?: (p: Page) => Promise<unknown>;
  }[] = [
    { name: "home", path: () => "/", ready: (p) => p.getByTestId("hero-slide").first().waitFor() },
    { name: "collection", path: () => "/collection", ready: (p) => p.getByTestId("product-card").first().waitFor() },
    {
      name: "collection-filters",
      path: () => "/collection",
      ready: (p) => p.getByTestId("product-card").first().waitFor(),
      // On wider screens the filters are always shown as the sidebar.
      then: async (p) => (p.viewportSize()!.width < 768 ? p.getByRole("button", { name: /^FILTROS/ }).click() : undefined),
    },
    {
      name: "product",
      path: () => `/product/${product._id}`,
      ready: (p) => p.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor(),
      // On a phone the sizes and the button are on the first screen, above the bottom bar.
      then: async (p) => {
        if (p.viewportSize()!.width >= 768) return;
        const [button, bar] = await Promise.all([
          p.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).boundingBox(),
          p.locator(".bottom-nav").boundingBox(),
        ]);
        expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
      },
    },
    { name: "cart", path: () => "/cart", ready: (p) => p.getByTestId("cart-line").first().waitFor() },
    { name: "login", path: () => "/login", ready: (p) => p.getByRole("textbox", { name: "Email" }).waitFor(), signedOut: true },
    {
      name: "forgot-password",
      path: () => "/forgot-password",
      ready: (p) => p.getByRole("button", { name: "Enviar o link" }).waitFor(),
      signedOut: true,
    },
    {
      name: "reset-password",
      path: () => `/reset-password?token=${"a".repeat(43)}`,
      ready: (p) => p.getByRole("button", { name: "Guardar a nova palavra-passe" }).waitFor(),
      signedOut: true,
    },
    { name: "place-order", path: () => "/place-order", ready: (p) => p.getByRole("button", { name: "FINALIZAR PEDIDO" }).waitFor() },
    { name: "orders", path: () => "/orders", ready: (p) => p.getByTestId("order").first().waitFor() },
    { name: "message", path: () => `/message/${orderId}`, ready: (p) => p.getByRole("heading", { name: "Suporte do Pedido" }).waitFor() },
    { name: "transfer", path: () => `/confirmacaotransferencia?orderId=${orderId}`, ready: (p) => p.getByTestId("bank-details").waitFor() },
    // The server has no GET /api/user/account yet (the page keeps its skeleton): its layout is checked as it shows.
    { name: "account", path: () => "/account", ready: (p) => p.getByRole("heading", { name: "MINHA CONTA" }).waitFor(), staysBusy: true },
    { name: "privacypolicy", path: () => "/privacypolicy", ready: (p) => p.locator("h1").first().waitFor() },
    { name: "about", path: () => "/about", ready: (p) => p.locator("main .title").first().waitFor() },
    { name: "contact", path: () => "/contact", ready: (p) => p.locator("main .title").first().waitFor() },
    { name: "novos", path: () => "/novos", ready: (p) => p.getByTestId("product-card").first().waitFor() },
    { name: "not-found", path: () => "/nao-existe", ready: (p) => p.locator("main h1").first().waitFor() },
  ];

  for (const width of [320, 390, 1280]) {
    describe(`storefront at ${width} px`, () => {
      let signedIn: BrowserContext;
      let signedOut: BrowserContext;
      // One tab each, opening screen after screen as first visits (openScreen says why and how).
      let signedInTab: Page;
      let signedOutTab: Page;
      beforeAll(async () => {
        const options =
          width < 768
            ? { viewport: { width, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
            : { viewport: { width, height: 800 } };
        [signedIn, signedOut] = await Promise.all([
          shop.browser.newContext({ ...options, locale: "pt-AO" }),
          shop.browser.newContext({ ...options, locale: "pt-AO" }),
        ]);
        await signedIn.addInitScript((t) => localStorage.setItem("token", t), token);
        [signedInTab, signedOutTab] = await Promise.all([signedIn.newPage(), signedOut.newPage()]);
      });
      afterAll(async () => {
        await signedIn?.close();
        await signedOut?.close();
      });

      for (const screen of screens) {
        it(`${screen.name} fits and keeps its controls clear`, async () => {
          const page = screen.signedOut ? signedOutTab : signedInTab;
          const requests = followRequests(page);
          try {
            await openScreen(page, `${shop.url}${screen.path()}`);
            await screen.ready(page);
            if (!screen.staysBusy) await requests.settled("[aria-busy=true]");
            await screen.then?.(page);
            await checkScreen(page, `storefront-${screen.name}-${width}`);
          } finally {
            requests.stop();
          }
        });
      }
    });
  }

  it("the collection's filters open as a sheet on a phone with the result count and large ticks", async () => {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${shop.url}/collection`);
    const firstCard = page.getByTestId("product-card").first();
    await firstCard.waitFor();
    const before = await firstCard.boundingBox();
    await page.getByRole("button", { name: /^FILTROS/ }).click();
    const apply = page.getByTestId("filter-apply");
    await expect.poll(() => apply.textContent()).toMatch(/^Ver \d+ produtos?$/);
    // The products stay where they were: the sheet lies over them instead of pushing them down.
    expect((await firstCard.boundingBox())?.y).toBe(before?.y);
    const tick = await page.getByRole("checkbox").first().boundingBox();
    expect(tick!.width).toBeGreaterThanOrEqual(20);
    expect(tick!.height).toBeGreaterThanOrEqual(20);
    await page.getByRole("checkbox").first().check();
    await expect.poll(() => page.url()).toContain("category");
    await apply.click();
    await expect.poll(() => apply.isVisible()).toBe(false);
    await context.close();
  });
});
