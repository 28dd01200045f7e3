// The console (signed in) at 390 and 1280 px in Chromium, against the real shop with data: no horizontal overflow,
// and the floating support button clear of controls and text (tests/helpers/layout.ts says exactly how). At 390 px
// also: the page's title whole in the bar ("Pedidos", "Definições", never cut), lists as one line per row (no table to
// scroll sideways inside its box), and the order's customer with their phone on the first screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browserAvailable, consoleSignIn, followRequests, useShopAndBrowser } from "../helpers/e2e.ts";
import { checkScreen, layoutShopper, openScreen } from "../helpers/layout.ts";

describe.runIf(browserAvailable())("the console's layout at 390 and 1280 px (overflow)", () => {
  const shop = useShopAndBrowser();
  let orderId = "";

  beforeAll(async () => {
    ({ orderId } = await layoutShopper(shop.url));
  });

  /** On a phone: the title's text as drawn and as written, and the tables wider than their box (none wanted). */
  const phoneFindings = (page: Page) =>
    page.evaluate(() => {
      const title = document.querySelector<HTMLElement>("#react-admin-title");
      return {
        titleCut: title ? title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1 : true,
        title: title?.innerText ?? "",
        sidewaysTables: [...document.querySelectorAll<HTMLElement>("main table")]
          .filter((t) => t.parentElement && t.scrollWidth > t.parentElement.clientWidth + 1)
          .map((t) => t.className.split(" ").slice(0, 2).join(".")),
      };
    });
  /** Lists that are one line per row on a phone (react-admin's SimpleList, as its demo does). */
  const PHONE_LISTS = new Set(["dashboard", "orders", "products", "outbox", "payments", "customers", "conversations"]);

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
            if (width === 390) {
              const found = await phoneFindings(page);
              expect(found.titleCut, `title "${found.title}"`).toBe(false);
              if (PHONE_LISTS.has(screen.name)) expect(found.sidewaysTables).toEqual([]);
              if (screen.name === "dashboard") {
                // The bar's toggles live in the user menu on a phone, named in words.
                await page.locator("header").getByRole("button").last().click();
                await page.getByRole("menuitemcheckbox", { name: /o som/ }).waitFor();
                await page.keyboard.press("Escape");
              }
              if (screen.name === "order") {
                // The customer first: their phone is on the first screen, to call in one tap.
                const phone = await page.getByTestId("order-customer-phone").boundingBox();
                expect(phone!.y + phone!.height).toBeLessThanOrEqual(800);
                expect(await page.getByTestId("order-customer-phone").getAttribute("href")).toMatch(/^tel:\+?\d+$/);
              }
            }
            await checkScreen(page, `console-${screen.name}-${width}`);
          } finally {
            requests.stop();
          }
        });
      }
    });
  }
});
