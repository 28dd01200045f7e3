// Checkout on a 390 px phone in Chromium against the real shop: a guest's form survives signing up from it (the
// sign-up form starts with the name and e-mail typed) and the order is placed as typed without a second tap (issue
// 45, defect 7); a returning shopper finds the form started from their last order.
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
    // The toast keeps to the header's left part: nothing of the page under it, the header's icons beside it;
    // "Ver carrinho" waits beside the button once it has gone.
    const header = (await page.locator(".navbar").boundingBox())!;
    const search = (await page.locator(".navbar").getByRole("button").first().boundingBox())!;
    // Measured once it has slid in (its entrance starts off the screen's right).
    const toastEdges = async () => {
      const box = (await page.locator(".Toastify__toast").first().boundingBox())!;
      return { right: box.x + box.width <= search.x, bottom: box.y + box.height <= header.y + header.height };
    };
    await expect.poll(toastEdges, { timeout: 5_000 }).toEqual({ right: true, bottom: true });
    await page.getByRole("link", { name: "Ver carrinho" }).waitFor();
    await page.getByRole("link", { name: /Carrinho/ }).click();
    await page.getByRole("link", { name: "FINALIZAR COMPRA" }).click();
    await page.waitForURL(/\/place-order$/);

    expect(await field(page, "País").inputValue()).toBe("Angola");
    // Angola has no postal codes: the field is optional (left empty here, 0000 is sent in its place).
    await page.getByText("Opcional: em Angola pode deixar em branco").waitFor();
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
    // Each error goes as its field becomes valid, before any new submit; the others stay.
    await field(page, "Cidade").fill(TYPED.Cidade!);
    await page.getByText("Cidade é necessário").waitFor({ state: "detached" });
    expect(await page.getByText("Primeiro nome é necessário").count()).toBe(1);
    expect(await page.getByText("Código Postal é necessário").count()).toBe(0);
    for (const [label, value] of Object.entries(TYPED)) await field(page, label).fill(value);
    // The province sets the price and is checked against the city: Lubango is not in Luanda.
    expect(await page.getByText("Província é necessária para a entrega ao domicílio").count()).toBe(1);
    await page.getByRole("combobox", { name: "Província" }).selectOption("Luanda");
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await page.getByText("Lubango fica na província Huíla").waitFor();
    await page.getByRole("combobox", { name: "Província" }).selectOption(PROVINCE);
    expect(await page.locator(".field-error").count()).toBe(0);
    // Huíla's options only: no Luanda pickup point offered to Lubango.
    const options = page.getByTestId("delivery-options");
    await options.waitFor();
    expect(await options.innerText()).not.toMatch(/Luanda/);
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await page.waitForURL(/\/login$/);
  });

  it("the sign-up form starts with the name and e-mail typed at checkout, and signing up places the order as typed in one tap", async () => {
    // The sign-up form, not the login one, already holds what the guest typed.
    await page.getByTestId("checkout-hand-over").waitFor();
    expect(await page.getByRole("textbox", { name: "Nome" }).inputValue()).toBe("Beatriz Kiala");
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(TYPED.Email);
    // The account's e-mail may differ from the delivery one: the guest changes it here.
    await page.getByRole("textbox", { name: "Email" }).fill(account.email);
    await page.getByRole("textbox", { name: "Password" }).fill(account.password);
    const placed = page.waitForResponse((r) => r.url().endsWith("/api/order/place"), { timeout: 30_000 });
    await page.getByRole("button", { name: "Registar" }).click();
    // No second FINALIZAR PEDIDO: back on /place-order the order goes out with every field as typed.
    const response = await placed;
    const answer = (await response.json()) as { success: boolean };
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    const sent = response.request().postDataJSON() as { address: Record<string, string>; items: unknown[] };
    expect(sent.items).toHaveLength(1);
    expect(sent.address).toEqual({
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
    await expect.poll(() => page.getByTestId("cart-count").textContent(), { timeout: 15_000 }).toBe("0");
    // A reload of the checkout afterwards places nothing more.
    expect(await page.evaluate(() => history.state?.usr?.placeOrder ?? null)).toBeNull();
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
    expect(await field(other, "Código Postal").inputValue()).toBe("0000");
    expect(await other.getByRole("combobox", { name: "Província" }).inputValue()).toBe(PROVINCE);
    // Nothing of the form spills past a 390 px screen.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await other.context().close();
  });
});
