// Multicaixa Express on a 390 px phone in Chromium, against a shop of this file's own whose AppyPay is a local stand-in
// (docs/product/orders.md#multicaixa-express): on the payment page the delivery phone is prefilled, one tap asks for the
// charge, the page counts down the 90 seconds; a declined try shows the reason and "Tentar de novo"; the next try,
// approved in the "app", turns the page into the paid page within seconds of AppyPay's webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, shopperWithOrder, useShopAndBrowser, type ShopperOrder } from "../helpers/e2e.ts";
import { AppyPayStandin, type ChargesStandin } from "../helpers/appypay-standin.ts";
import { phonePage } from "../storefront/browser-support.ts";
import { shortOrderId } from "../../shared/orders.ts";

const SECRET = "mcx-e2e-webhook-secret-0123456789";

describe.runIf(browserAvailable())("paying an order with Multicaixa Express", () => {
  const appypay = new AppyPayStandin();
  let charges: ChargesStandin;
  const shop = useShopAndBrowser({
    ownShop: async () => {
      await appypay.start();
      charges = appypay.charges();
      return {
        env: appypay.env({
          APPYPAY_GPO_METHOD: "GPO_53c70da3-1c88-4391-8b60-ab4757fbb044",
          APPYPAY_WEBHOOK_SECRET: SECRET,
          APPYPAY_RECONCILE_SECONDS: "3600",
        }),
      };
    },
  });
  afterAll(() => appypay.stop());
  let page: Page;
  let shopper: ShopperOrder;

  beforeAll(async () => {
    shopper = await shopperWithOrder(shop.url, "Rosa Kiala");
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), shopper.token);
    await page.goto(`${shop.url}/confirmacaotransferencia?orderId=${shopper.orderId}`);
  });

  /** The charge the shop asked AppyPay for after the tap (the newest one). */
  const asked = async (count: number) => {
    await expect.poll(() => charges.posted().length, { timeout: 15_000 }).toBe(count);
    return charges.last();
  };

  it("offers it first with the delivery phone, counts down the approval, and shows why a declined try failed with “Tentar de novo”", async () => {
    const block = page.getByTestId("mcx-express");
    await block.waitFor({ timeout: 30_000 });
    // First of the ways to pay: above the bank transfer.
    const order = await page
      .locator("[data-testid=mcx-express], [data-testid=bank-details]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(order[0]).toBe("mcx-express");
    const phone = block.getByLabel("Telemóvel com Multicaixa Express");
    expect((await phone.inputValue()).replace(/\D/g, "")).toMatch(/9\d{8}$/);
    await block.getByRole("button", { name: "Pagar com Multicaixa Express" }).click();
    await block.getByText("Aprove o pagamento na app Multicaixa Express").waitFor({ timeout: 15_000 });
    const seconds = Number((await page.getByTestId("mcx-countdown").textContent())!.replace(/\D/g, ""));
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(90);
    const first = await asked(1);
    expect(first.body).toMatchObject({ amount: shopper.total, paymentInfo: { phoneNumber: expect.stringMatching(/^9\d{8}$/) } });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    charges.fail(first.id, 231);
    expect((await charges.deliver(shop.url, SECRET, first.id)).status).toBe(200);
    await block.getByText("Recusou o pagamento na app Multicaixa Express.").waitFor({ timeout: 10_000 });
    await block.getByRole("button", { name: "Tentar de novo" }).waitFor();
    expect(await page.getByTestId("bank-details").isVisible()).toBe(true);
  });

  it("tries again, and turns into the paid page within seconds of AppyPay's approval", async () => {
    const block = page.getByTestId("mcx-express");
    await block.getByRole("button", { name: "Tentar de novo" }).click();
    await block.getByText("Aprove o pagamento na app Multicaixa Express").waitFor({ timeout: 15_000 });
    const second = await asked(2);
    charges.approve(second.id);
    const approvedAt = Date.now();
    expect((await charges.deliver(shop.url, SECRET, second.id)).status).toBe(200);
    await page.getByRole("heading", { name: `Pedido #${shortOrderId(shopper.orderId)} pago` }).waitFor({ timeout: 10_000 });
    const seen = Date.now() - approvedAt;
    expect(seen).toBeLessThan(5_000);
    expect(await page.getByTestId("mcx-express").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    console.log(`Multicaixa Express: paid page ${seen} ms after AppyPay's webhook`);
  });
});
