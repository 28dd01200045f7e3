// Accessibility of the storefront's main pages in Chromium against the real shop, at a phone viewport:
// axe-core runs on each page once its content is on screen (skeletons gone), and no violation may be
// serious or critical. Minor and moderate findings are printed, not failed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { AxeResults, Result } from "axe-core";
import { browserAvailable, followRequests, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopperPhone } from "../helpers/shop-process.ts";
import { deliveryFeeFor, phonePage, postShop, type ListedProduct } from "../storefront/browser-support.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** axe on the page as it is now; returns the violations by impact. */
async function audit(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol: the shop's CSP (script-src 'self') rightly refuses an injected <script>.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations;
}

const describeViolation = (v: Result) =>
  `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
    .slice(0, 3)
    .map((n) => n.target.join(" "))
    .join(", ")})`;

describe.runIf(browserAvailable())("storefront accessibility (axe-core, phone viewport)", () => {
  const shop = useShopAndBrowser();
  let page: Page;
  let product: ListedProduct;
  let orderId = "";

  beforeAll(async () => {
    const { products } = (await (await fetch(`${shop.url}/api/product/list`)).json()) as { products: ListedProduct[] };
    product = products.find((p) => p.sizes.length > 0)!;
    expect(product).toBeTruthy();

    // A shopper with one order (for /orders and its chat) and one more line in the cart (for /place-order).
    const email = `a11y.${Date.now()}@exemplo.ao`;
    const password = "senha-segura-1";
    await postShop(`${shop.url}/api/user/register`, { name: "Ana Acessível", email, password });
    const { token } = await postShop<{ token: string }>(`${shop.url}/api/user/login`, { email, password });
    const size = product.sizes[0]!;
    const address = {
      firstName: "Ana",
      lastName: "Silva",
      email,
      street: "Rua Rainha Ginga 12",
      city: "Luanda",
      state: "Luanda",
      zipcode: "1000",
      country: "Angola",
      phone: shopperPhone(),
    };
    const placed = await postShop<{ orderId: string }>(
      `${shop.url}/api/order/place`,
      {
        address,
        items: [{ itemId: product._id, size, quantity: 1 }],
        totalAmount: product.price + (await deliveryFeeFor(shop.url, address, product.price)),
        paymentMethod: "cod",
      },
      token,
    );
    orderId = placed.orderId;
    await postShop(`${shop.url}/api/cart/add`, { itemId: product._id, size }, token);

    page = await phonePage(shop.browser);
    await page.goto(`${shop.url}/privacypolicy`);
    await page.evaluate((t) => localStorage.setItem("token", t), token);
  });

  /** Signed in with an order and a cart line, except /login (which sends a signed-in shopper home). */
  const pages: { name: string; path: () => string; ready: (p: Page) => Promise<unknown>; signedOut?: boolean }[] = [
    { name: "/", path: () => "/", ready: (p) => p.getByTestId("hero-slide").first().waitFor() },
    { name: "/collection", path: () => "/collection", ready: (p) => p.getByTestId("product-card").first().waitFor() },
    {
      name: "/product/:id",
      path: () => `/product/${product._id}`,
      ready: (p) => p.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).waitFor(),
    },
    { name: "/cart", path: () => "/cart", ready: (p) => p.getByTestId("cart-line").first().waitFor() },
    { name: "/login", path: () => "/login", ready: (p) => p.getByRole("textbox", { name: "Email" }).waitFor(), signedOut: true },
    {
      name: "/forgot-password",
      path: () => "/forgot-password",
      ready: (p) => p.getByRole("button", { name: "Enviar o link" }).waitFor(),
      signedOut: true,
    },
    {
      name: "/reset-password",
      path: () => `/reset-password?token=${"a".repeat(43)}`,
      ready: (p) => p.getByRole("button", { name: "Guardar a nova palavra-passe" }).waitFor(),
      signedOut: true,
    },
    { name: "/place-order", path: () => "/place-order", ready: (p) => p.getByRole("button", { name: "FINALIZAR PEDIDO" }).waitFor() },
    { name: "/orders", path: () => "/orders", ready: (p) => p.getByTestId("order").first().waitFor() },
    {
      name: "/message/:id",
      path: () => `/message/${orderId}`,
      ready: (p) => p.getByRole("heading", { name: "Suporte do Pedido" }).waitFor(),
    },
    {
      name: "/confirmacaotransferencia",
      path: () => "/confirmacaotransferencia",
      ready: (p) => p.getByText("Obrigado por fazer a sua encomenda conosco!").waitFor(),
    },
    { name: "/privacypolicy", path: () => "/privacypolicy", ready: (p) => p.locator("h1").first().waitFor() },
    { name: "/about", path: () => "/about", ready: (p) => p.locator("main .title").first().waitFor() },
    { name: "/contact", path: () => "/contact", ready: (p) => p.locator("main .title").first().waitFor() },
    { name: "/novos", path: () => "/novos", ready: (p) => p.getByTestId("product-card").first().waitFor() },
  ];

  for (const target of pages) {
    it(`${target.name} has no serious or critical violations`, async () => {
      const tab = target.signedOut ? await phonePage(shop.browser) : page;
      const requests = followRequests(tab);
      await tab.goto(`${shop.url}${target.path()}`);
      await target.ready(tab);
      // Skeletons gone and pictures settled: axe sees the page the shopper reads.
      await requests.settled("[aria-busy=true]");
      const violations = await audit(tab);
      if (target.signedOut) await tab.context().close();
      const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const minor = violations.filter((v) => !blocking.includes(v));
      if (minor.length) console.log(`[a11y] ${target.path()}: ${minor.map(describeViolation).join("; ")}`);
      expect(blocking.map(describeViolation)).toEqual([]);
    });
  }
});
