// The support queue on a 390 px phone, in Chromium against the shared shop: a shopper's question stays in
// "A aguardar resposta", with her question as the preview, when the shop's automatic lines ("Recebemos…") follow it;
// a person's answer takes it off.
import { describe, expect, it } from "vitest";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";

describe.runIf(browserAvailable())("the support queue on a phone", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);

  it("keeps a shopper's unanswered question waiting after the shop's automatic message, until an agent answers", async () => {
    // A name of this run's own (letters only: names take no digits) to find her among the shared shop's conversations.
    const name = `Ana ${String(Date.now()).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
    const { token, orderId } = await shopperWithOrder(shop.url, name);
    const question = "Posso pagar metade hoje e o resto amanhã?";
    const form = new FormData();
    form.append("orderId", orderId);
    form.append("text", question);
    const sent = await fetch(`${shop.url}/api/message/send`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(sent.status).toBe(200);
    // The shop posts its own line after her question: "Recebemos 1 000,00 kz (ref. …). Falta pagar …".
    const admin = (await api<{ token: string }>("/admin/api/auth/login", { body: E2E_ADMIN })).body.token;
    const paid = await api(`/admin/api/orders/${orderId}/payments`, {
      token: admin,
      body: { amount: 1000, bankReference: `BAI-Q-${Date.now()}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const chat = await api<{ messages: { sender: string }[] }>(`/api/message/${orderId}`, { token });
    expect(chat.body.messages.at(-1)!.sender).toBe("shop");

    const page = await consoleSignIn(shop, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/conversations`);
    await page.getByRole("tab", { name: "A aguardar resposta" }).click();
    await page.getByRole("textbox", { name: /Pesquisar/ }).fill(name);
    const row = page.getByRole("link").filter({ hasText: name });
    await row.first().waitFor({ timeout: 15_000 });
    // Her question is the preview, not the shop's automatic line.
    expect(await row.first().innerText()).toContain(question);

    // The automatic line looks apart from a person's in the thread; an agent's answer takes the conversation off.
    await page.goto(`${shop.url}/admin/#/conversations/${orderId}/show`);
    await page.getByText(question).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="chat-message"][data-sender="shop"]').count()).toBeGreaterThan(0);
    const box = page.getByRole("textbox", { name: "Escreva a resposta" });
    await box.fill("Pode sim: envie o comprovativo de cada parte.");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect.poll(() => box.inputValue()).toBe("");

    await page.goto(`${shop.url}/admin/#/conversations`);
    await page.getByRole("tab", { name: "A aguardar resposta" }).click();
    await page.getByRole("textbox", { name: /Pesquisar/ }).fill(name);
    await page.getByText(name).first().waitFor({ state: "detached", timeout: 15_000 });
    const waiting = await api<{ id: string }[]>(
      `/admin/api/conversations?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ waiting: true, id: [orderId] }))}`,
      { token: admin },
    );
    expect(waiting.body).toEqual([]);
    await page.context().close();

    // The shopper too sees the automatic line apart from the agent's words.
    const shopper = await (
      await shop.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await shopper.addInitScript((t) => localStorage.setItem("token", t), token);
    await shopper.goto(`${shop.url}/message/${orderId}`);
    const notice = shopper.locator('[data-testid="chat-message"][data-sender="shop"]').first();
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain("Suporte · mensagem automática");
    const answer = shopper.getByTestId("chat-message").filter({ hasText: "Pode sim" });
    expect(await answer.innerText()).toContain("Suporte");
    await shopper.context().close();
  });
});
