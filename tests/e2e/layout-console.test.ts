// The console (signed in) at 390 and 1280 px in Chromium, against the real shop with data: no horizontal overflow,
// and the floating support button clear of controls and text (tests/helpers/layout.ts says exactly how).
import { afterAll, beforeAll, describe, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browserAvailable, consoleSignIn, followRequests, useShopAndBrowser } from "../helpers/e2e.ts";
import { checkScreen, layoutShopper, openScreen } from "../helpers/layout.ts";

describe.runIf(browserAvailable())("the console's layout at 390 and 1280 px (overflow)", () => {
  const shop = useShopAndBrowser();
  let orderId = "";

  beforeAll(async () => {
    ({ orderId } = await layoutShopper(shop.url));
  });

  /** Console screens: the main lists and an order page. */
  const consoleScreens: { name: string; hash: () => string }[] = [
    { name: "dashboard", hash: () => "#/" },
    { name: "orders", hash: () => "#/orders" },
    { name: "order", hash: () => `#/orders/${orderId}/show` },
    { name: "conversations", hash: () => "#/conversations" },
    { name: "whatsapp-inbox", hash: () => "#/whatsapp-inbox" },
    { name: "payments", hash: () => "#/payments" },
    { name: "products", hash: () => "#/products" },
    { name: "customers", hash: () => "#/customers" },
    { name: "staff", hash: () => "#/staff" },
    { name: "synonyms", hash: () => "#/synonyms" },
    { name: "outbox", hash: () => "#/outbox" },
    { name: "coupons", hash: () => "#/coupons" },
    { name: "coupon-create", hash: () => "#/coupons/create" },
  ];

  for (const width of [390, 1280]) {
    describe(`console at ${width} px`, () => {
      let context: BrowserContext;
      // One tab, opening screen after screen as first visits (openScreen says why and how).
      let page: Page;
      beforeAll(async () => {
        page = await consoleSignIn(
          shop,
          width < 768 ? { viewport: { width, height: 800 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 800 } },
        );
        context = page.context();
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const screen of consoleScreens) {
        it(`${screen.name} fits`, async () => {
          const requests = followRequests(page);
          try {
            await openScreen(page, `${shop.url}/admin/${screen.hash()}`);
            await page.locator("main").first().waitFor();
            await requests.settled();
            await checkScreen(page, `console-${screen.name}-${width}`);
          } finally {
            requests.stop();
          }
        });
      }
    });
  }
});
