// What the layout tests check on each screen (tests/e2e/layout-*.test.ts): no horizontal overflow, and the floating
// support button covers no part of a control, product card or text where the screen opens, no control's centre at each
// step of a scroll to its end, and no part of one at the end. Screenshots of each screen's first and last view land in
// tests/.tmp/screens (gitignored) for a person to look at: in the full run, or when LOJA_SCREENSHOTS=1.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { FULL_RUN } from "./run-kind.ts";
import { deliveryFeeFor, postShop, type ListedProduct } from "../storefront/browser-support.ts";
import { shopperPhone } from "./shop-process.ts";

const SCREENS = path.resolve("tests/.tmp/screens");
const SCREENSHOTS = FULL_RUN || process.env.LOJA_SCREENSHOTS === "1";

export async function screenshot(page: Page, file: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, file) });
}

interface LayoutFindings {
  scrollWidth: number;
  innerWidth: number;
  /** Where the page overflows: the elements reaching furthest right beyond the window, when it does. */
  widest: string[];
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
    const widest = () =>
      document.scrollingElement!.scrollWidth <= innerWidth
        ? []
        : [...document.querySelectorAll<HTMLElement>("body *")]
            .map((e) => ({ e, right: e.getBoundingClientRect().right }))
            .filter((x) => x.right > innerWidth)
            .sort((a, b) => a.right - b.right)
            .slice(0, 3)
            .map((x) => `${x.e.tagName.toLowerCase()}.${[...x.e.classList].slice(0, 2).join(".")} ${Math.round(x.right)}`);
    const findings = () => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth,
      widest: widest(),
      covered,
      overlapped,
      hiddenText,
    });
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
 * Opens `url` in `page` as a first visit in a new tab would: a full document load (never a same-document hash
 * change), the tab's session storage empty and the window at the top. One tab per context opening screen after
 * screen: a new tab costs Chromium a renderer process of its own, ~0.5 s of CPU more per screen (measured: 10 loads
 * of /login in new tabs 7.3 s of CPU, in one tab 1.6 s).
 */
export async function openScreen(page: Page, url: string): Promise<void> {
  if (page.url().startsWith("http"))
    await page.evaluate(() => {
      sessionStorage.clear();
      window.scrollTo(0, 0);
    });
  const target = new URL(url);
  const current = new URL(page.url());
  // Only the fragment differs (the console's routes): a goto would switch routes inside the loaded document. The
  // address is replaced without telling the router (no hashchange, no popstate), and the reload loads it afresh.
  if (current.origin === target.origin && current.pathname === target.pathname && current.search === target.search && target.hash) {
    await page.evaluate((address) => history.replaceState(null, "", address), url);
    await page.reload();
  } else await page.goto(url);
}

/**
 * Checks the screen where it opens and at each step of a scroll to its end: where it opens, the fixed button lies over
 * no part of a control, product card or line of text; while scrolling, a control passing under it stays tappable
 * (its centre clear); at the end no part of one is under it (the page keeps room for it).
 * Screenshots of the first and last view.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const file = name.replace(/[^\w-]+/g, "_");
  await screenshot(page, `${file}.png`);
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
  await screenshot(page, `${file}-end.png`);
  for (const view of views)
    expect(view.scrollWidth, `${name}: horizontal overflow (widest: ${view.widest.join(", ")})`).toBeLessThanOrEqual(view.innerWidth);
  expect(
    [...views[0]!.overlapped, ...views[0]!.hiddenText],
    `${name}: controls, cards or text under the floating button where the screen opens`,
  ).toEqual([]);
  expect([...new Set(views.flatMap((v) => v.covered))], `${name}: controls under the floating button`).toEqual([]);
  expect(views.at(-1)!.overlapped, `${name}: controls partly under the floating button at the end`).toEqual([]);
}

/** A shopper with a long name, an order by bank transfer (for /orders, its chat, the transfer page and the console's
 * order) and one more cart line, on the shop at `url`. */
export async function layoutShopper(url: string): Promise<{ product: ListedProduct; orderId: string; token: string }> {
  let product: ListedProduct;
  let orderId = "";
  let token = "";
  const { products } = (await (await fetch(`${url}/api/product/list`)).json()) as { products: ListedProduct[] };
  product = products.find((p) => p.sizes.length > 0)!;
  expect(product).toBeTruthy();

  // A shopper with a long name, an order by bank transfer (for /orders, its chat and the transfer page) and a cart line.
  const email = `ecras.${Date.now()}@exemplo.ao`;
  const password = "senha-segura-1";
  await postShop(`${url}/api/user/register`, { name: "Maria da Conceição Fictícios Bartolomeu", email, password });
  ({ token } = await postShop<{ token: string }>(`${url}/api/user/login`, { email, password }));
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
    phone: shopperPhone(),
  };
  ({ orderId } = await postShop<{ orderId: string }>(
    `${url}/api/order/place`,
    {
      address,
      items: [{ itemId: product._id, size, quantity: 1 }],
      totalAmount: product.price + (await deliveryFeeFor(url, address, product.price)),
      paymentMethod: "cod",
    },
    token,
  ));
  await postShop(`${url}/api/cart/add`, { itemId: product._id, size }, token);
  return { product, orderId, token };
}
