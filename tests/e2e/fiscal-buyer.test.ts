// A company buyer on a 390 px phone in Chromium, against a shop of this file's own whose fiscal provider is a local
// stand-in of AppyPay (docs/product/fiscal-documents.md): the NIF typed with spaces at checkout (the name the
// provider knows it by shown beside it), the order paid (an admin records the transfer), the FR asked for by itself
// with the company's NIF, issued, and its number and PDF found on /orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";
import { AppyPayStandin, type FiscalDocumentsStandin } from "../helpers/appypay-standin.ts";
import {
  cartThenCheckout,
  expectToast,
  type ListedProduct,
  phonePage,
  staffToken,
  typeCheckoutAddress,
} from "../storefront/browser-support.ts";

const SECRET = "fiscal-e2e-webhook-secret-0123456789";
const NIF_TYPED = "5417 123 456";
const NIF = "5417123456";
const COMPANY = "Kiala Importações, Lda";

describe.runIf(browserAvailable())("a company buyer's fatura-recibo", () => {
  const appypay = new AppyPayStandin();
  let fiscal: FiscalDocumentsStandin;
  const shop = useShopAndBrowser({
    ownShop: async () => {
      await appypay.start();
      fiscal = appypay.fiscalDocuments();
      fiscal.taxpayers.set(NIF, { name: COMPANY, status: "A" });
      return { env: appypay.env({ FISCAL_PROVIDER: "appypay", APPYPAY_WEBHOOK_SECRET: SECRET }) };
    },
  });
  afterAll(() => appypay.stop());
  const api = shopApi(() => shop.url);
  let page: Page;
  let product: ListedProduct;
  let orderId: string;

  beforeAll(async () => {
    const { body } = await api<{ products: ListedProduct[] }>("/api/product/list");
    product = body.products.find((p) => p.sizes.length > 0 && p.price > 0)!;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Rosa Kiala", email: `empresa.${Date.now()}@exemplo.ao`, password: "senha-segura-1" },
    });
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), registered.body.token);
  });

  it("types the company's NIF with spaces at checkout, sees the name the AGT knows, and places the order with it", async () => {
    await cartThenCheckout(page, shop.url, product);
    await typeCheckoutAddress(page, {
      firstName: "Rosa",
      lastName: "Kiala",
      email: "compras@kiala.ao",
      street: "Rua Rainha Ginga 5",
      city: "Luanda",
      phone: "923444555",
      province: "Luanda",
    });
    await page.getByLabel("NIF (opcional)").fill(NIF_TYPED);
    await page.getByText(COMPANY).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The delivery's price for this address is known (its options shown) before the order is sent.
    await page.getByTestId("delivery-options").waitFor();
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await expectToast(page, "Pedido realizado com sucesso!");
    await page.waitForURL(/\/confirmacaotransferencia\?orderId=/);
    orderId = new URL(page.url()).searchParams.get("orderId")!;
    expect(orderId).toBeTruthy();
  });

  it("once paid, the FR is asked for with the NIF; issued, its number and PDF are on /orders", async () => {
    const auth = { authorization: `Bearer ${await staffToken(shop.url)}`, "content-type": "application/json" };
    const staffOrder = async () =>
      (await (await fetch(`${shop.url}/admin/api/orders/${orderId}`, { headers: auth })).json()) as {
        totalAmount: number;
        nif: string | null;
      };
    const order = await staffOrder();
    expect(order.nif).toBe(NIF);
    const paid = await fetch(`${shop.url}/admin/api/orders/${orderId}/payments`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ amount: order.totalAmount, bankReference: "BAI-EMPRESA-1" }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    // The order.paid reaction asks the provider by itself.
    await expect.poll(() => fiscal.posted().length, { timeout: 30_000 }).toBe(1);
    const [asked] = fiscal.posted();
    expect(asked!.body).toMatchObject({ documentType: "FR", customerTaxID: NIF });
    const issued = fiscal.issue(asked!.id);
    const hook = await fetch(`${shop.url}/api/fiscal/appypay`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
      body: JSON.stringify(fiscal.webhookBody(asked!.id)),
    });
    expect(hook.status).toBe(200);

    await page.goto(`${shop.url}/orders`);
    const documents = page.getByTestId("order-fiscal").first();
    await expect.poll(async () => documents.textContent(), { timeout: 15_000 }).toContain(`Fatura-recibo ${issued.documentNo}`);
    expect(await documents.textContent()).toContain(`NIF: ${NIF}`);
    const link = page.getByRole("link", { name: `Descarregar Fatura-recibo ${issued.documentNo} (PDF)` });
    const pdf = await fetch(new URL((await link.getAttribute("href"))!, shop.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toMatch(/application\/pdf/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
