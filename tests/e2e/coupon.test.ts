// A discount code on a 390 px phone in Chromium (docs/product/coupons.md): the shopper applies it in the cart and
// sees the discount line, the checkout keeps it with the delivery fee, and the payment page asks for the total
// after the discount. The shared shop: the code is this run's own, so no other shopper meets it.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";
import {
  deliveryFeeFor,
  expectToast,
  type ListedProduct,
  phonePage,
  staffToken,
  typeCheckoutAddress,
} from "../storefront/browser-support.ts";
import { formatKz } from "../../shared/money.ts";

const kz = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
const money = (n: number) => kz(formatKz(n));

describe.runIf(browserAvailable())("a discount code from the cart to the payment page", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);
  let page: Page;
  let product: ListedProduct & { name: string };
  const code = `DESC${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    const res = await fetch(`${shop.url}/admin/api/coupons`, {
      method: "POST",
      headers: { authorization: `Bearer ${await staffToken(shop.url)}`, "content-type": "application/json" },
      body: JSON.stringify({ code, kind: "fixed", value: 1000 }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { body } = await api<{ products: (ListedProduct & { name: string })[] }>("/api/product/list");
    product = body.products.find((p) => p.sizes.length > 0 && p.price > 1000)!;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Dora Desconto", email: `desconto.${Date.now()}@exemplo.ao`, password: "senha-segura-1" },
    });
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), registered.body.token);
  });

  it("applies the code in the cart, keeps it at checkout and asks for the discounted total on the payment page", async () => {
    await page.goto(`${shop.url}/product/${product._id}`);
    await page.getByRole("radio", { name: product.sizes[0], exact: true }).click();
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).click();
    await expectToast(page, "Produto adicionado ao carrinho!");

    await page.goto(`${shop.url}/cart`);
    // A code that does not exist says so beside the field.
    await page.getByLabel("Código de desconto").fill("naoexiste");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(async () => page.getByTestId("coupon-message").textContent()).toBe("Este código de desconto não é válido");
    await page.getByLabel("Código de desconto").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.getByTestId("discount").waitFor();
    expect(kz(await page.getByTestId("discount").textContent())).toBe(`−${money(1000)}`);
    expect(kz(await page.getByTestId("coupon-message").textContent())).toBe(`Código aplicado: desconto de ${money(1000)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "FINALIZAR COMPRA" }).click();
    await page.waitForURL(/\/place-order/);
    await typeCheckoutAddress(page, {
      firstName: "Dora",
      lastName: "Desconto",
      email: "dora@exemplo.ao",
      street: "Rua Rainha Ginga 5",
      city: "Luanda",
      zipcode: "1000",
      phone: "923444555",
      province: "Luanda",
    });
    const fee = await deliveryFeeFor(shop.url, { state: "Luanda", city: "Luanda" }, product.price);
    const total = product.price + fee - 1000;
    await expect.poll(async () => kz(await page.getByTestId("total").textContent())).toBe(money(total));
    expect(kz(await page.getByTestId("discount").textContent())).toBe(`−${money(1000)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await expectToast(page, "Pedido realizado com sucesso!");
    await page.waitForURL(/\/confirmacaotransferencia\?orderId=/);
    const toPay = page.getByTestId("amount-to-pay");
    await toPay.waitFor();
    expect(kz(await toPay.textContent())).toContain(money(total));
    expect(kz(await page.getByTestId("order-discount").textContent())).toBe(`Desconto (${code}): −${money(1000)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
