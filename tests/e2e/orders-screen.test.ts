// /orders on a 390 px phone and at 1280 px in Chromium, against the shared shop (docs/product/storefront.md#orders):
// an order of a seven-digit total keeps "Total: 4 800 000,00 kz" on one line, clear of the card's buttons (Pagar,
// Mensagem, WhatsApp, Cancelar pedido), and nothing runs off the screen. At 1280 px the total and the buttons share a
// row, as before. Screenshots in tests/.tmp/screens with LOJA_SCREENSHOTS=1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { BANK_TRANSFER, shortOrderId } from "../../shared/orders.ts";
import { browserAvailable, deliveryAddress, useShopAndBrowser } from "../helpers/e2e.ts";
import { screenshot } from "../helpers/layout.ts";
import { shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor, type ListedProduct } from "../storefront/browser-support.ts";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.runIf(browserAvailable())("/orders with a seven-digit total at 390 and 1280 px", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);
  let token = "";
  let orderId = "";
  let total = 0;

  beforeAll(async () => {
    const email = `milhoes.${Date.now()}@exemplo.ao`;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Joana Milhões", email, password: "senha-segura-1" },
    });
    token = registered.body.token;
    const { body } = await api<{ products: ListedProduct[] }>("/api/product/list");
    // The dearest product under a million kwanza, as many units as make 4–5 million.
    const product = body.products.filter((p) => p.price < 1_000_000).reduce((a, b) => (b.price > a.price ? b : a));
    const quantity = Math.ceil(4_000_000 / product.price);
    const subtotal = product.price * quantity;
    const address = deliveryAddress("Joana", "Milhões", email);
    total = subtotal + (await deliveryFeeFor(shop.url, address, subtotal));
    expect(String(Math.trunc(total))).toHaveLength(7);
    const placed = await api<{ orderId: string }>("/api/order/place", {
      token,
      body: { address, items: [{ _id: product._id, size: product.sizes[0], quantity }], totalAmount: total, paymentMethod: BANK_TRANSFER },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    orderId = placed.body.orderId;
  });

  const pages: Page[] = [];
  afterAll(async () => {
    for (const p of pages) await p.context().close();
  });

  /** The order's card at `width`: the total's box, how many lines its text takes, and its buttons' boxes. */
  async function card(width: number) {
    const page = await (await shop.browser.newContext({ viewport: { width, height: 900 } })).newPage();
    pages.push(page);
    await page.addInitScript((t) => localStorage.setItem("token", t), token);
    await page.goto(`${shop.url}/orders`);
    const order = page.getByTestId("order").filter({ hasText: `Pedido #${shortOrderId(orderId)}` });
    await order.getByRole("button", { name: /Cancelar pedido/ }).waitFor({ timeout: 20_000 });
    const totalLine = order.getByTestId("order-total");
    await order.scrollIntoViewIfNeeded();
    await screenshot(page, `orders-seven-digits-${width}.png`);
    const lines = await totalLine.evaluate((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    const buttons = await order.locator(".order-foot").locator("a, button").all();
    return {
      page,
      text: await totalLine.innerText(),
      lines,
      total: (await totalLine.boundingBox())!,
      buttons: await Promise.all(buttons.map(async (b) => ({ name: (await b.innerText()).trim(), box: (await b.boundingBox())! }))),
      card: (await order.boundingBox())!,
    };
  }

  it("at 390 px the total reads on one line of its own, and the buttons wrap clear of it inside the card", async () => {
    const { page, text, lines, total: box, buttons, card: cardBox } = await card(390);
    expect(text.replace(/\s/g, " ")).toMatch(/^Total: \d \d{3} \d{3},\d{2} kz$/);
    expect(lines).toBe(1);
    expect(buttons.map((b) => b.name)).toEqual(expect.arrayContaining(["Pagar", "Mensagem", "Cancelar pedido"]));
    for (const b of buttons) {
      expect(overlap(box, b.box), `${b.name} overlaps the total`).toBe(false);
      expect(b.box.x + b.box.width, `${b.name} runs out of the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    // The buttons start below the total: none shares its line, squeezing it.
    for (const b of buttons) expect(b.box.y, b.name).toBeGreaterThanOrEqual(box.y + box.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("at 1280 px the total and the buttons keep one row", async () => {
    const { lines, total: box, buttons } = await card(1280);
    expect(lines).toBe(1);
    const middle = box.y + box.height / 2;
    for (const b of buttons) {
      expect(overlap(box, b.box), `${b.name} overlaps the total`).toBe(false);
      expect(middle, `${b.name} is not on the total's row`).toBeGreaterThan(b.box.y);
      expect(middle, `${b.name} is not on the total's row`).toBeLessThan(b.box.y + b.box.height);
    }
  });
});
