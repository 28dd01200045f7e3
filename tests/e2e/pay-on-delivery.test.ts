// Pay on delivery on a 390 px phone in Chromium (docs/product/pay-on-delivery.md): the owner allows it in Luanda's
// zone; a Luanda shopper sees "Pagamento na entrega" at checkout, places the order and finds it "Por confirmar" in
// MINHAS ENCOMENDAS. Its own shop: the file changes a delivery zone every checkout of a shared shop would see.
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
import type { AdminDeliveryZone } from "../../server/schemas/delivery.ts";

describe.runIf(browserAvailable())("pay on delivery where the owner allows it", () => {
  const shop = useShopAndBrowser({ ownShop: () => ({}) });
  const api = shopApi(() => shop.url);
  let page: Page;
  let product: ListedProduct & { name: string };

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
    const zones = await staff<AdminDeliveryZone[]>("GET", "/delivery-zones");
    const { id, ...luanda } = zones.find((z) => z.name === "Luanda")!;
    await staff("PUT", `/delivery-zones/${id}`, { ...luanda, payOnDelivery: true, payOnDeliveryLimit: 500_000 });
    const { body } = await api<{ products: (ListedProduct & { name: string })[] }>("/api/product/list");
    product = body.products.find((p) => p.sizes.length > 0 && p.price < 400_000)!;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Paulo Entrega", email: `entrega.pne.${Date.now()}@exemplo.ao`, password: "senha-segura-1" },
    });
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), registered.body.token);
  });

  it("offers Pagamento na entrega in Luanda, places the order and shows it Por confirmar", async () => {
    await cartThenCheckout(page, shop.url, product);
    await typeCheckoutAddress(page, {
      firstName: "Paulo",
      lastName: "Entrega",
      email: "paulo@exemplo.ao",
      street: "Rua Amílcar Cabral 3",
      city: "Luanda",
      zipcode: "1000",
      phone: "923555666",
      province: "Luanda",
    });
    const atDoor = page.getByRole("radio", { name: /Pagamento na entrega/ });
    await atDoor.waitFor();
    await atDoor.check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await expectToast(page, "Pedido realizado com sucesso!");
    await page.waitForURL(/\/orders$/);
    await page.getByText("Por confirmar").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
