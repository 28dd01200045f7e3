// The support team's console in Chromium on a 390 px phone: the inbox, a conversation and an order
// page fit the screen's width; a quick reply goes into the box with the shop's IBAN and is sent; a conversation
// is assigned to me and found under "Minhas"; an internal note stays out of what the shopper receives.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";

describe.runIf(browserAvailable())("the support console on a phone", () => {
  const shop = useShopAndBrowser();

  const api = shopApi(() => shop.url);

  /** Nothing wider than the screen: the page never scrolls sideways. */
  const expectNoHorizontalOverflow = async (page: Page, what: string) => {
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll, `${what}: ${scroll}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
  };

  it("answers a shopper from a 390 px phone: inbox, quick reply, assignment, note, order page", async () => {
    const { token, orderId } = await shopperWithOrder(shop.url, "Marta Telemóvel");
    const form = new FormData();
    form.append("orderId", orderId);
    form.append("text", "Qual é o IBAN para pagar?");
    expect(
      (await fetch(`${shop.url}/api/message/send`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })).status,
    ).toBe(200);

    const page = await consoleSignIn(shop, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    await page.goto(`${shop.url}/admin/#/conversations`);
    await page.getByRole("tab", { name: "A aguardar resposta" }).click();
    await page.getByText("Marta Telemóvel").first().waitFor({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page, "inbox");

    await page.goto(`${shop.url}/admin/#/conversations/${orderId}/show`);
    await page.getByText("Qual é o IBAN para pagar?").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Atribuir a mim" }).click();
    await page.getByRole("button", { name: "Respostas rápidas" }).click();
    await page.getByRole("menuitem", { name: "Dados bancários" }).click();
    const settings = (await api<{ settings: { bank: { iban: string } } }>("/api/settings")).body.settings;
    const box = page.getByRole("textbox", { name: "Escreva a resposta" });
    await expect.poll(() => box.inputValue()).toContain(settings.bank.iban);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect.poll(() => box.inputValue()).toBe("");
    await page.getByRole("textbox", { name: "Escreva uma nota interna" }).fill("Cliente pediu o IBAN: confirmar amanhã");
    await page.getByRole("button", { name: "Adicionar nota" }).click();
    await page.getByTestId("order-note").filter({ hasText: "confirmar amanhã" }).first().waitFor();
    await expectNoHorizontalOverflow(page, "conversation");

    const chat = await api<{ messages: { sender: string; text: string }[] }>(`/api/message/${orderId}`, { token });
    expect(chat.body.messages.at(-1)).toMatchObject({ sender: "support" });
    expect(chat.body.messages.at(-1)!.text).toContain(settings.bank.iban);
    expect(JSON.stringify(chat.body)).not.toContain("confirmar amanhã");

    await page.goto(`${shop.url}/admin/#/conversations`);
    await page.getByRole("tab", { name: "Minhas" }).click();
    await page.getByText("Marta Telemóvel").first().waitFor({ timeout: 15_000 });

    await page.goto(`${shop.url}/admin/#/orders`);
    await page.getByText("Marta Telemóvel").first().waitFor({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page, "orders");
    await page.goto(`${shop.url}/admin/#/orders/${orderId}/show`);
    await page.getByTestId("order-short-id").waitFor({ timeout: 15_000 });
    await page.getByTestId("order-note").first().waitFor();
    await expectNoHorizontalOverflow(page, "order page");
    await page.context().close();
  });
});
