// Every storefront screen at 320, 390 and 1280 px and the console (signed in) at 390 and 1280 px in Chromium,
// against the real shop with data: no horizontal overflow, and the floating support button covers no part of a control,
// product card or text where the screen opens, no control's centre at each step of a scroll to its end, and no part
// of one at the end. A screenshot of each lands in tests/.tmp/screens (gitignored)
// for a person to look at.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browserAvailable, followRequests, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN } from "../helpers/shop-process.ts";
import { DELIVERY_FEE } from "../../shared/money.ts";
import { postShop, type ListedProduct } from "../storefront/browser-support.ts";

const SCREENS = path.resolve("tests/.tmp/screens");

interface LayoutFindings {
  scrollWidth: number;
  innerWidth: number;
  /** Controls (and product cards) whose centre the floating support button covers (the shopper cannot tap them). */
  covered: string[];
  /** Controls (and product cards) any visible part of which the floating support button covers. */
  overlapped: string[];
  /** Lines of text any visible part of which the floating support button covers. */
  hiddenText: string[];
}

/** Overflow and what the floating button covers, on the screen as it is now. */
function inspect(page: Page): Promise<LayoutFindings> {
  return page.evaluate(() => {
    const floating = document.querySelector<HTMLElement>(".floating");
    const covered: string[] = [];
    const overlapped: string[] = [];
    const hiddenText: string[] = [];
    const findings = () => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth, covered, overlapped, hiddenText });
    if (!floating) return findings();
    const button = floating.getBoundingClientRect();
    // The button covers `target` at (x, y) when the button is what a tap there meets and, without the button, the tap
    // would meet `target` (a part already under the bottom nav or a sheet is not the button's doing).
    const hides = (target: Node, x: number, y: number) => {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      if (top === null || !floating.contains(top)) return false;
      floating.style.pointerEvents = "none";
      const beneath = document.elementFromPoint(x, y);
      floating.style.pointerEvents = "";
      return beneath !== null && (target instanceof Text ? beneath === target.parentElement : target.contains(beneath));
    };
    /** Whether the button hides the middle of the area `box` shares with it. */
    const hidesPart = (target: Node, box: DOMRect) => {
      const left = Math.max(box.left, button.left);
      const right = Math.min(box.right, button.right);
      const upper = Math.max(box.top, button.top);
      const lower = Math.min(box.bottom, button.bottom);
      return left < right && upper < lower && hides(target, (left + right) / 2, (upper + lower) / 2);
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role=button], [data-testid="product-card"]',
    );
    for (const control of controls) {
      if (floating.contains(control)) continue;
      const box = control.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(control).visibility === "hidden") continue;
      const label = `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
      if (hides(control, box.left + box.width / 2, box.top + box.height / 2)) covered.push(label);
      if (hidesPart(control, box)) overlapped.push(label);
    }
    // Text, line by line (a range's boxes are the glyphs' lines, not the element's whole width).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || floating.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (hidesPart(node, line)) {
          hiddenText.push(`"${node.textContent.trim().slice(0, 40)}"`);
          break;
        }
      }
    }
    return findings();
  });
}

/**
 * Checks the screen where it opens and at each step of a scroll to its end: where it opens, the fixed button lies over
 * no part of a control, product card or line of text; while scrolling, a control passing under it stays tappable
 * (its centre clear); at the end no part of one is under it (the page keeps room for it).
 * Screenshots of the first and last view.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  const file = name.replace(/[^\w-]+/g, "_");
  await page.screenshot({ path: path.join(SCREENS, `${file}.png`) });
  const views: LayoutFindings[] = [await inspect(page)];
  for (;;) {
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, Math.round(innerHeight * 0.6));
      return window.scrollY > before;
    });
    if (!moved) break;
    views.push(await inspect(page));
  }
  await page.screenshot({ path: path.join(SCREENS, `${file}-end.png`) });
  for (const view of views) expect(view.scrollWidth, `${name}: horizontal overflow`).toBeLessThanOrEqual(view.innerWidth);
  expect(
    [...views[0]!.overlapped, ...views[0]!.hiddenText],
    `${name}: controls, cards or text under the floating button where the screen opens`,
  ).toEqual([]);
  expect([...new Set(views.flatMap((v) => v.covered))], `${name}: controls under the floating button`).toEqual([]);
  expect(views.at(-1)!.overlapped, `${name}: controls partly under the floating button at the end`).toEqual([]);
}

describe.runIf(browserAvailable())("layout at 320, 390 and 1280 px (overflow, floating button)", () => {
  const shop = useShopAndBrowser();
  let product: ListedProduct;
  let orderId = "";
  let token = "";

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true });
    const { products } = (await (await fetch(`${shop.url}/api/product/list`)).json()) as { products: ListedProduct[] };
    product = products.find((p) => p.sizes.length > 0)!;
    expect(product).toBeTruthy();

    // A shopper with a long name, an order by bank transfer (for /orders, its chat and the transfer page) and a cart line.
    const email = `ecras.${Date.now()}@exemplo.ao`;
    const password = "senha-segura-1";
    await postShop(`${shop.url}/api/user/register`, { name: "Maria da Conceição Fictícios Bartolomeu", email, password });
    ({ token } = await postShop<{ token: string }>(`${shop.url}/api/user/login`, { email, password }));
    const size = product.sizes[0]!;
    const address = {
      firstName: "Maria",
      lastName: "Bartolomeu",
      email,
      street: "Rua Rainha Ginga 12",
      city: "Luanda",
      state: "Luanda",
      zipcode: "1000",
      country: "Angola",
      phone: "923000000",
    };
    ({ orderId } = await postShop<{ orderId: string }>(
      `${shop.url}/api/order/place`,
      { address, items: [{ itemId: product._id, size, quantity: 1 }], totalAmount: product.price + DELIVERY_FEE, paymentMethod: "cod" },
      token,
    ));
    await postShop(`${shop.url}/api/cart/add`, { itemId: product._id, size }, token);
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
      });
      afterAll(async () => {
        await signedIn?.close();
        await signedOut?.close();
      });

      for (const screen of screens) {
        it(`${screen.name} fits and keeps its controls clear`, async () => {
          const page = await (screen.signedOut ? signedOut : signedIn).newPage();
          const requests = followRequests(page);
          try {
            await page.goto(`${shop.url}${screen.path()}`);
            await screen.ready(page);
            if (!screen.staysBusy) await requests.settled("[aria-busy=true]");
            await screen.then?.(page);
            await checkScreen(page, `storefront-${screen.name}-${width}`);
          } finally {
            await page.close();
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

  /** Console screens: the main lists and an order page. */
  const consoleScreens: { name: string; hash: () => string }[] = [
    { name: "dashboard", hash: () => "#/" },
    { name: "orders", hash: () => "#/orders" },
    { name: "order", hash: () => `#/orders/${orderId}/show` },
    { name: "conversations", hash: () => "#/conversations" },
    { name: "payments", hash: () => "#/payments" },
    { name: "products", hash: () => "#/products" },
    { name: "customers", hash: () => "#/customers" },
    { name: "staff", hash: () => "#/staff" },
    { name: "synonyms", hash: () => "#/synonyms" },
    { name: "outbox", hash: () => "#/outbox" },
  ];

  for (const width of [390, 1280]) {
    describe(`console at ${width} px`, () => {
      let context: BrowserContext;
      beforeAll(async () => {
        context = await shop.browser.newContext(
          width < 768 ? { viewport: { width, height: 800 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 800 } },
        );
        const page = await context.newPage();
        await page.goto(`${shop.url}/admin/`);
        await page.locator("#email").fill(E2E_ADMIN.email);
        await page.locator("#password").fill(E2E_ADMIN.password);
        await page.getByRole("button", { name: "Entrar" }).click();
        await page.getByText("Aguardam pagamento").waitFor({ timeout: 30_000 });
        await page.close();
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const screen of consoleScreens) {
        it(`${screen.name} fits`, async () => {
          const page = await context.newPage();
          const requests = followRequests(page);
          try {
            await page.goto(`${shop.url}/admin/${screen.hash()}`);
            await page.locator("main").first().waitFor();
            await requests.settled();
            await checkScreen(page, `console-${screen.name}-${width}`);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
});
