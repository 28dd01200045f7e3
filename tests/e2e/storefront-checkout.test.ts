// Checkout on a 390 px phone in Chromium against the real shop: a guest's form survives signing up from
// it and places the order as typed; a returning shopper finds the form started from their last order.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { expectToast, phonePage } from "../storefront/browser-support.ts";

const TYPED: Record<string, string> = {
  "Primeiro nome": "Beatriz",
  Sobrenome: "Kiala",
  Email: "beatriz.entrega@exemplo.ao",
  "Endereço da Rua": "Rua Direita do Lubango 5",
  Cidade: "Lubango",
  "Código Postal": "0000",
  Telefone: "923111222",
};
const PROVINCE = "Huíla";

describe.runIf(browserAvailable())("checkout keeps the shopper's work", () => {
  const shop = useShopAndBrowser();
  let page: Page;
  const account = { email: `beatriz.${Date.now()}@exemplo.ao`, password: "senha-segura-1" };

  beforeAll(async () => {
    page = await phonePage(shop.browser, 390);
  });

  const field = (p: Page, label: string) => p.getByLabel(label, { exact: true });

  it("a guest fills the form (Angola already there, a province chosen from the list) and is asked to sign in", async () => {
    await page.goto(`${shop.url}/`);
    const card = page.getByTestId("product-card").first();
    await card.waitFor({ timeout: 15_000 });
    await card.click();
    await page.getByRole("radio").first().click();
    await page.getByRole("button", { name: "ADICIONAR AO CARRINHO" }).click();
    await expectToast(page, "Produto adicionado ao carrinho!");
    await page.getByRole("link", { name: /Carrinho/ }).click();
    await page.getByRole("link", { name: "FINALIZAR COMPRA" }).click();
    await page.waitForURL(/\/place-order$/);

    expect(await field(page, "País").inputValue()).toBe("Angola");
    await page.getByText("Sem código postal? Escreva 0000").waitFor();
    // Sent empty: each error sits under its own field and the half-width neighbour's box stays level with it.
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await page.getByText("Cidade é necessário").waitFor();
    const box = async (label: string) => {
      const { y, height } = (await field(page, label).boundingBox())!;
      return { y, height };
    };
    expect(await box("Província")).toEqual(await box("Cidade"));
    expect(await box("País")).toEqual(await box("Código Postal"));
    expect(await box("Sobrenome")).toEqual(await box("Primeiro nome"));
    for (const [label, value] of Object.entries(TYPED)) await field(page, label).fill(value);
    await page.getByRole("combobox", { name: "Província" }).selectOption(PROVINCE);
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await page.waitForURL(/\/login$/);
  });

  it("signing up from there returns to /place-order with every field as typed, and the order is placed with it", async () => {
    await page.getByRole("button", { name: "Criar uma conta" }).click();
    await page.getByRole("textbox", { name: "Nome" }).fill("Beatriz Kiala");
    await page.getByRole("textbox", { name: "Email" }).fill(account.email);
    await page.getByRole("textbox", { name: "Password" }).fill(account.password);
    await page.getByRole("button", { name: "Registar" }).click();
    await page.waitForURL(`${shop.url}/place-order`);
    await expect.poll(() => page.getByTestId("cart-count").textContent(), { timeout: 15_000 }).toBe("1");
    // The account's own e-mail (the sign-up one) does not replace the delivery e-mail typed before.
    for (const [label, value] of Object.entries(TYPED)) expect(await field(page, label).inputValue()).toBe(value);
    expect(await field(page, "País").inputValue()).toBe("Angola");
    expect(await page.getByRole("combobox", { name: "Província" }).inputValue()).toBe(PROVINCE);

    // The delivery fee for the province is shown before the order is sent (the server charges that one).
    await page.getByTestId("delivery-fee").first().waitFor();
    const placed = page.waitForResponse((r) => r.url().endsWith("/api/order/place"));
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    const response = await placed;
    const answer = (await response.json()) as { success: boolean };
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    expect((response.request().postDataJSON() as { address: Record<string, string> }).address).toEqual({
      firstName: "Beatriz",
      lastName: "Kiala",
      email: TYPED.Email,
      street: TYPED["Endereço da Rua"],
      city: "Lubango",
      state: PROVINCE,
      zipcode: "0000",
      country: "Angola",
      phone: "923111222",
    });
    await page.waitForURL(/\/confirmacaotransferencia\?orderId=/);
  });

  it("a returning shopper who signs in on another phone goes to / and finds checkout started from the last order", async () => {
    const other = await phonePage(shop.browser, 390);
    await other.goto(`${shop.url}/login`);
    await other.getByRole("textbox", { name: "Email" }).fill(account.email);
    await other.getByRole("textbox", { name: "Password" }).fill(account.password);
    await other.getByRole("button", { name: "Entrar" }).click();
    await expectToast(other, "Login realizado com sucesso!");
    await other.waitForURL(`${shop.url}/`);

    await other.goto(`${shop.url}/place-order`);
    await expect.poll(() => field(other, "Endereço da Rua").inputValue(), { timeout: 15_000 }).toBe(TYPED["Endereço da Rua"]);
    for (const [label, value] of Object.entries(TYPED)) expect(await field(other, label).inputValue()).toBe(value);
    expect(await other.getByRole("combobox", { name: "Província" }).inputValue()).toBe(PROVINCE);
    // Nothing of the form spills past a 390 px screen.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await other.context().close();
  });
});
