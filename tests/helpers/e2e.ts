// What a browser test file runs against: the run's one Chromium (started by the e2e global setup; each file
// connects to it and works in browser contexts of its own) and a shop. The shop is the one the whole run shares,
// unless the file changes what every shopper sees (settings), needs its own environment (SMTP, …) or stops it:
// then it starts its own. Files sharing the shop never rely on each other's data: each makes its own accounts
// and orders.
import { afterAll, beforeAll, inject } from "vitest";
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from "playwright-core";
import { deliveryFeeFor } from "../storefront/browser-support.ts";
import { BANK_TRANSFER } from "../../shared/orders.ts";
import { NO_BROWSER } from "./browser.ts";
import { E2E_ADMIN, shopApi, shopperPhone, startShopProcess, type ShopProcess, type StartOptions } from "./shop-process.ts";

/** Whether e2e tests can run here (the global setup started a browser); prints why not when they cannot. */
export function browserAvailable(): boolean {
  if (inject("e2eBrowserEndpoint")) return true;
  console.warn(NO_BROWSER);
  return false;
}

export interface ShopAndBrowser {
  /** The shop's address, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  readonly browser: Browser;
}

/**
 * Connects to the run's browser before the file's tests (and disconnects after, closing the file's contexts),
 * with the shared shop, or a shop of the file's own when `ownShop` says how to start it.
 */
export function useShopAndBrowser(options: { ownShop?: () => StartOptions | Promise<StartOptions> } = {}): ShopAndBrowser {
  let browser: Browser | undefined;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    const own = options.ownShop ? Promise.resolve(options.ownShop()).then(startShopProcess) : undefined;
    // Both settled before failing, so afterAll closes whichever did start.
    const [connected, started] = await Promise.allSettled([chromium.connect(inject("e2eBrowserEndpoint")), own]);
    if (connected.status === "fulfilled") browser = connected.value;
    if (started.status === "fulfilled") shop = started.value;
    for (const result of [connected, started]) if (result.status === "rejected") throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  const must = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: use it inside the file's tests and hooks`);
    return value;
  };
  return {
    get url() {
      return options.ownShop ? must(shop, "the file's own shop").url : inject("e2eSharedShopUrl");
    },
    get browser() {
      return must(browser, "the browser");
    },
  };
}

/**
 * A page of its own browser context (`context`: viewport, phone…) signed in to the console as `who` (the demo admin
 * by default), once the dashboard shows.
 */
export async function consoleSignIn(
  shop: ShopAndBrowser,
  context: BrowserContextOptions = { viewport: { width: 1366, height: 900 } },
  who: { email: string; password: string } = E2E_ADMIN,
): Promise<Page> {
  const page = await (await shop.browser.newContext(context)).newPage();
  await page.goto(`${shop.url}/admin/`);
  await page.locator("#email").fill(who.email);
  await page.locator("#password").fill(who.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.getByText("Aguardam pagamento").waitFor({ timeout: 30_000 });
  return page;
}

/** A Luanda delivery address for a test order. */
export const deliveryAddress = (firstName: string, lastName: string, email: string) => ({
  firstName,
  lastName,
  email,
  street: "Rua 1",
  city: "Luanda",
  state: "Luanda",
  zipcode: "1000",
  country: "Angola",
  phone: shopperPhone(),
});

export interface ShopperOrder {
  token: string;
  email: string;
  orderId: string;
  /** What the order costs (the first product, one unit, with the delivery fee). */
  total: number;
}

/**
 * A new shopper named `name` (a fresh e-mail each call) who placed a bank-transfer order for one unit of the
 * catalogue's first product; the address's first name is the name's first word, its last name `lastName`.
 */
export async function shopperWithOrder(shopUrl: string, name: string, lastName = "Teste"): Promise<ShopperOrder> {
  const api = shopApi(() => shopUrl);
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@exemplo.ao`;
  const registered = await api<{ token: string }>("/api/user/register", { body: { name, email, password: "senha-segura-1" } });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const { token } = registered.body;
  const { body } = await api<{ products: { _id: string; price: number; sizes: string[] }[] }>("/api/product/list");
  const product = body.products[0]!;
  const address = deliveryAddress(name.split(" ")[0]!, lastName, email);
  const total = product.price + (await deliveryFeeFor(shopUrl, address, product.price));
  const placed = await api<{ orderId: string }>("/api/order/place", {
    token,
    body: { address, items: [{ _id: product._id, size: product.sizes[0], quantity: 1 }], totalAmount: total, paymentMethod: BANK_TRANSFER },
  });
  if (placed.status !== 200) throw new Error(`place: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { token, email, orderId: placed.body.orderId, total };
}

/**
 * Follows a page's requests so a test can wait until the screen has settled: nothing in flight across two animation
 * frames (so a request that a finished one starts is seen), and no skeleton or spinner left. Unlike Playwright's
 * `networkidle`, which waits for 500 ms of quiet, this returns as soon as the condition holds.
 * Call it before the page navigates.
 */
export function followRequests(page: Page): { settled(busy?: string): Promise<void>; stop(): void } {
  const inFlight = new Set<Request>();
  let wake: (() => void) | undefined;
  const finish = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) wake?.();
  };
  const start = (request: Request) => inFlight.add(request);
  page.on("request", start);
  page.on("requestfinished", finish);
  page.on("requestfailed", finish);
  const quiet = () => (inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)));
  const twoFrames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return {
    async settled(busy = "[aria-busy=true], .MuiLinearProgress-root, .MuiCircularProgress-root") {
      for (;;) {
        await page.locator(busy).first().waitFor({ state: "detached", timeout: 15_000 });
        await quiet();
        await twoFrames();
        if (inFlight.size === 0 && (await page.locator(busy).count()) === 0) return;
      }
    },
    /** Stops following (a page that opens one screen after another follows each load afresh). */
    stop() {
      page.off("request", start);
      page.off("requestfinished", finish);
      page.off("requestfailed", finish);
    },
  };
}
