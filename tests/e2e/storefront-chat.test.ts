// The order chat on a 390 px phone in Chromium against the real shop: the order's id and status, the
// empty state, a time on each message, a styled attach button, the server's own message for a file over 10 MB,
// a refused send tried again on the message itself, and a PDF that opens with its whole width on screen.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ATTACHMENT_TOO_LARGE } from "../../shared/chat.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { browserAvailable, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";
import { staffReply, staffToken } from "../storefront/browser-support.ts";

const PHONE = { width: 390, height: 844 };
const EMPTY = "Ainda não há mensagens. Escreva-nos: respondemos normalmente em menos de 1 hora, das 8h às 20h.";

describe.runIf(browserAvailable())("the order chat on a 390 px phone", () => {
  const shop = useShopAndBrowser();
  let page: Page;
  let token = "";
  let orderId = "";

  beforeAll(async () => {
    ({ token, orderId } = await shopperWithOrder(shop.url, "Ana Conversa", "Conversa"));
    const context = await shop.browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "pt-AO",
    });
    page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.evaluate((t) => localStorage.setItem("token", t), token);
  }, 120_000);

  it("names the order and its status, and says when support answers while there are no messages", async () => {
    await page.goto(`${shop.url}/message/${orderId}`);
    await page.getByText(EMPTY).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId("chat-order").innerText(), { timeout: 15_000 })
      .toBe(`Pedido #${shortOrderId(orderId)} · Aguardando Pagamento`);
  });

  it("has a paperclip attach button, not the browser's raw file input", async () => {
    const button = page.locator("label.attach-btn");
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(40);
    expect(box!.height).toBeGreaterThanOrEqual(40);
    expect(await button.locator("svg").count()).toBe(1);
    // The real input is there (focusable, and the phone's picker opens from the label) but takes no room on screen.
    const input = await page.getByLabel("Anexar ficheiro").boundingBox();
    expect(input!.width).toBeLessThanOrEqual(1);
    expect(await page.getByText(/Choose File|No file chosen|Escolher ficheiro/).count()).toBe(0);
    // Nothing in the chat is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("shows the time on a sent message", async () => {
    await page.getByRole("textbox", { name: "Digite sua mensagem" }).fill("Quando chega?");
    await page.getByRole("button", { name: "Enviar" }).click();
    const mine = page.getByTestId("chat-message").filter({ hasText: "Quando chega?" });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.locator("time").innerText()).toMatch(/^(hoje|ontem) \d\d:\d\d$/);
    expect(await page.getByText(EMPTY).count()).toBe(0);
  });

  it("a 12 MB file shows the server's message, before any upload", async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    // What the server answers for such a file ...
    const form = new FormData();
    form.append("orderId", orderId);
    form.append("file", new Blob([big], { type: "image/jpeg" }), "video.jpg");
    const refused = await fetch(`${shop.url}/api/message/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(refused.status).toBe(413);
    const serverMessage = ((await refused.json()) as { message: string }).message;
    expect(serverMessage).toBe(ATTACHMENT_TOO_LARGE);
    // ... is what the chat says, without sending 12 MB over the phone's connection.
    let uploads = 0;
    page.on("request", (r) => void (r.url().endsWith("/api/message/send") && uploads++));
    await page.getByLabel("Anexar ficheiro").setInputFiles({ name: "video.jpg", mimeType: "image/jpeg", buffer: big });
    await page.getByRole("alert").filter({ hasText: serverMessage }).waitFor({ timeout: 5000 });
    expect(await page.getByTestId("picked-file").count()).toBe(0);
    expect(uploads).toBe(0);
  });

  it("a send that fails stays on the message with 'Tentar de novo', and goes once tried again", async () => {
    await page.route("**/api/message/send", (route) => route.abort("internetdisconnected"));
    await page.getByRole("textbox", { name: "Digite sua mensagem" }).fill("Ainda está aí?");
    await page.getByRole("button", { name: "Enviar" }).click();
    const failed = page.getByTestId("chat-outgoing").filter({ hasText: "Ainda está aí?" });
    await failed.getByRole("alert").filter({ hasText: "Erro ao enviar mensagem" }).waitFor({ timeout: 15_000 });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await failed.getByRole("button", { name: "Tentar de novo" }).click();
    const sent = page.getByTestId("chat-message").filter({ hasText: "Ainda está aí?" });
    await sent.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("chat-outgoing").count()).toBe(0);
    expect(await sent.count()).toBe(1);
  });

  it("a PDF opens with its whole width on screen, in the chat's modal and in the viewer", async () => {
    const staff = await staffToken(shop.url);
    // An A4 page: 715 px wide at the starting zoom 1.2, wider than the phone.
    await staffReply(shop.url, staff, orderId, "Segue a fatura.", {
      bytes: pdfWithText(["Fatura", "Total: 12 500,00 kz"]),
      name: "fatura.pdf",
      type: "application/pdf",
    });
    await page.getByRole("button", { name: "Visualizar PDF" }).click({ timeout: 15_000 });
    const canvas = page.getByRole("dialog").locator("canvas").first();
    await canvas.waitFor({ timeout: 20_000 });
    const width = async () => (await canvas.boundingBox())!;
    const fitted = await width();
    expect(fitted.x).toBeGreaterThanOrEqual(0);
    expect(fitted.x + fitted.width).toBeLessThanOrEqual(PHONE.width);
    // The 0.2 zoom steps go on from the fitted width.
    await page.getByRole("dialog").getByRole("button", { name: "+ Zoom" }).click();
    await expect.poll(async () => (await width()).width).toBeGreaterThan(fitted.width);

    await page.getByRole("dialog").getByRole("button", { name: "Baixar" }).click();
    await page.waitForURL(/\/pdf-viewer\?/);
    // The viewer's own canvas (the chat's modal can be on screen until the viewer's chunk arrives).
    const page1 = page.locator(".pdf-viewer canvas").first();
    await page1.waitFor({ timeout: 20_000 });
    const inViewer = (await page1.boundingBox())!;
    expect(inViewer.x).toBeGreaterThanOrEqual(0);
    expect(inViewer.x + inViewer.width).toBeLessThanOrEqual(PHONE.width);

    // On a 320 px phone the fitted zoom is under the 0.6 minimum: the page still fits, and stays the floor.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.reload();
    await page1.waitFor({ timeout: 20_000 });
    const narrow = (await page1.boundingBox())!;
    expect(narrow.x + narrow.width).toBeLessThanOrEqual(320);
    const zoom = page.locator(".zoom-value");
    const fittedZoom = await zoom.innerText();
    expect(Number.parseInt(fittedZoom, 10)).toBeLessThan(60);
    await page.getByRole("button", { name: "- Zoom" }).click();
    expect(await zoom.innerText()).toBe(fittedZoom);
    await page.setViewportSize(PHONE);
  });
});
