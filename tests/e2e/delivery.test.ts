// Delivery on a 390 px phone in Chromium against the real shop with the demo's delivery (docs/product/checkout.md#delivery):
// a shopper in Benguela sees the provinces' fee and Benguela's pickup point (never Luanda's), switches to it and pays 0
// for delivery; once staff mark it Enviado, /orders says "Pronto para levantar" with the address. A size with no unit
// left cannot be added.
// Its own shop: the file changes a product's stock, which every shopper of a shared shop would see.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";
import {
  cartThenCheckout,
  expectToast,
  type ListedProduct,
  phonePage,
  staffToken,
  typeCheckoutAddress,
} from "../storefront/browser-support.ts";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";

const kz = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

describe.runIf(browserAvailable())("delivery, pickup and stock", () => {
  const shop = useShopAndBrowser({ ownShop: () => ({}) });
  const api = shopApi(() => shop.url);
  let page: Page;
  let product: ListedProduct & { name: string };
  let orderId: string;

  const staff = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${shop.url}/admin/api${path}`, {
      method,
      headers: { authorization: `Bearer ${await staffToken(shop.url)}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    const { body } = await api<{ products: (ListedProduct & { name: string })[] }>("/api/product/list");
    product = body.products.find((p) => p.sizes.length >= 2)!;
    const email = `entrega.${Date.now()}@exemplo.ao`;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Helena Benguela", email, password: "senha-segura-1" },
    });
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), registered.body.token);
    await staff("POST", "/pickup-points", {
      name: "Loja Benguela (levantamento)",
      address: "Av. Norton de Matos 25, Benguela",
      hours: "Segunda a sexta, 9h–17h",
      price: 0,
      eta: "pronto em 48 h",
      province: "Benguela",
    });
  });

  it("a Benguela shopper sees 8 000 kz, switches to pickup in Benguela (0 kz) and lands on the payment page", async () => {
    await cartThenCheckout(page, shop.url, product);
    await typeCheckoutAddress(page, {
      firstName: "Helena",
      lastName: "Benguela",
      email: "helena@exemplo.ao",
      street: "Rua Sacadura Cabral 10",
      district: "Compão",
      city: "Benguela",
      zipcode: "0000",
      phone: "923222333",
      province: "Benguela",
    });
    const fee = page.getByTestId("delivery-fee-total");
    await page.getByRole("radio", { name: /Outras províncias/ }).waitFor();
    await expect.poll(async () => kz(await fee.textContent())).toBe("8 000,00 kz");
    expect(await page.getByRole("radio", { name: /Outras províncias/ }).isChecked()).toBe(true);
    // Luanda's counter is no pickup for a Benguela address.
    expect(await page.getByRole("radio", { name: /Levantar: Loja Luanda/ }).count()).toBe(0);
    await page.getByRole("radio", { name: /Levantar: Loja Benguela/ }).click();
    await expect.poll(async () => kz(await fee.textContent())).toBe("0,00 kz");
    expect(kz(await page.getByTestId("total").textContent())).toBe(kz(formatTotal(product.price)));
    await page.getByText("Av. Norton de Matos 25, Benguela").first().waitFor();
    // Nothing on the 390 px screen runs off its right edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await expectToast(page, "Pedido realizado com sucesso!");
    await page.waitForURL(/\/confirmacaotransferencia\?orderId=/);
    orderId = new URL(page.url()).searchParams.get("orderId")!;
    await page.getByTestId("delivery-choice").waitFor();
    expect(await page.getByTestId("delivery-choice").textContent()).toContain("Levantamento: Loja Benguela (levantamento)");
  });

  it("after payment and dispatch, /orders says 'Pronto para levantar' with the address and until when", async () => {
    const order = await staff<{ totalAmount: number }>("GET", `/orders/${orderId}`);
    expect(order.totalAmount).toBe(product.price);
    await staff("POST", `/orders/${orderId}/payments`, { amount: order.totalAmount, bankReference: `TRF-${Date.now()}` });
    await staff("PUT", `/orders/${orderId}`, { status: "Em Preparação" });
    await staff("PUT", `/orders/${orderId}`, { status: "Enviado" });
    await page.goto(`${shop.url}/orders`);
    await page.getByTestId("timeline-dispatched").waitFor();
    expect(await page.getByTestId("timeline-dispatched").textContent()).toContain("Pronto para levantar");
    const shipment = (await page.getByTestId("shipment").textContent()) ?? "";
    expect(shipment).toContain("Pronto para levantar em Loja Benguela (levantamento): Av. Norton de Matos 25, Benguela");
    expect(shipment).toMatch(/Levante até \d\d\/\d\d\/\d{4}/);
  });

  it("a size with no unit left cannot be added", async () => {
    const p = await staff<AdminProduct>("GET", `/products/${product._id}`);
    const [gone, other] = p.sizes as [string, string];
    await staff("PUT", `/products/${product._id}`, {
      name: p.name,
      description: p.description,
      price: p.price,
      sizes: p.sizes,
      category: p.category,
      subCategory: p.subCategory,
      bestseller: p.bestseller,
      images: p.images.map((i) => ({ mediaId: i.mediaId, thumbId: i.thumbId })),
      stock: { [gone]: 0 },
    });
    await page.goto(`${shop.url}/product/${product._id}`);
    const goneButton = page.getByRole("radio", { name: `${gone} (esgotado)` });
    await goneButton.waitFor();
    expect(await goneButton.isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: other, exact: true }).isDisabled()).toBe(false);
    // Even a client that skips the page is refused.
    const { body } = await api<{ token: string }>("/api/user/register", {
      body: { name: "Outra", email: `outra.${Date.now()}@exemplo.ao`, password: "senha-segura-1" },
    });
    const refused = await api<{ message: string }>("/api/cart/add", { token: body.token, body: { itemId: product._id, size: gone } });
    expect(refused).toEqual({ status: 409, body: { success: false, message: "Este tamanho está esgotado" } });
  });
});

function formatTotal(n: number): string {
  const [whole, cents] = n.toFixed(2).split(".") as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ")},${cents} kz`;
}
