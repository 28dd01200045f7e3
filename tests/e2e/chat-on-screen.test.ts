// The chat opens ready to write, on a phone, in Chromium against the shared shop: the shopper's
// message box is on the first screen of a 390 px phone (above the bottom navigation) whatever sits above the list,
// and the console's conversation opens at its latest message, with its reply box on screen.
import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { phonePage, smallPng, staffReply, staffToken } from "../storefront/browser-support.ts";

/** The element is inside the window and nothing lies over its middle (a fixed bar, a toast). */
async function onScreen(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const { innerWidth: width, innerHeight: height } = await page.evaluate(() => ({ innerWidth, innerHeight }));
  if (box.y < 0 || box.y + box.height > height || box.x < 0 || box.x + box.width > width) return false;
  return target.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit === el || el.contains(hit);
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

describe.runIf(browserAvailable())("the chat opens ready to write on a phone", () => {
  const shop = useShopAndBrowser();
  let token = "";
  let orderId = "";

  beforeAll(async () => {
    ({ token, orderId } = await shopperWithOrder(shop.url, "Joana Conversa"));
    const staff = await staffToken(shop.url);
    for (let i = 1; i <= 12; i++) await staffReply(shop.url, staff, orderId, `Mensagem número ${i} da equipa de apoio.`);
    await staffReply(shop.url, staff, orderId, "A foto do artigo:", { bytes: await smallPng(), name: "artigo.png", type: "image/png" });
    await staffReply(shop.url, staff, orderId, "Última mensagem do apoio.");
  }, 120_000);

  it("shows the shopper's message box on the first screen of a 390 px phone, above the bottom navigation", async () => {
    const page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), token);
    await page.goto(`${shop.url}/message/${orderId}`);
    await page.getByText("Última mensagem do apoio.").waitFor({ timeout: 15_000 });
    const box = page.getByRole("textbox", { name: "Digite sua mensagem" });
    await expect.poll(() => onScreen(page, box), { timeout: 10_000 }).toBe(true);
    expect(await onScreen(page, page.getByRole("button", { name: "Enviar" }))).toBe(true);
    await page.context().close();
  });

  it("opens the console's conversation at its latest message, the reply box on screen", async () => {
    const page = await consoleSignIn(shop, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/conversations/${orderId}/show`);
    const thread = page.getByTestId("chat-thread");
    await thread.getByText("Última mensagem do apoio.").waitFor({ timeout: 15_000 });
    await thread.locator("img").first().waitFor();
    // At the end of the thread once the picture has loaded, not mid-way.
    await expect
      .poll(() => thread.evaluate((t) => t.scrollHeight - t.scrollTop - t.clientHeight), { timeout: 10_000 })
      .toBeLessThanOrEqual(2);
    expect(await onScreen(page, thread.getByText("Última mensagem do apoio."))).toBe(true);
    await expect.poll(() => onScreen(page, page.getByRole("textbox", { name: "Escreva a resposta" })), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });
});
