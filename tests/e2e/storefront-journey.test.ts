// A shopper's whole journey in Chromium against the real shop: browse, cart as a guest, sign up at checkout
// (the guest cart follows and the bank-transfer order is placed at once), see it, and talk to support with live replies and attachments.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopperPhone } from "../helpers/shop-process.ts";
import { expectToast, phonePage, smallPng, staffReply, staffToken, twoPagePdf } from "../storefront/browser-support.ts";
import { shortOrderId } from "../../shared/orders.ts";

const ADDRESS: Record<string, string> = {
  "Primeiro nome": "Ana",
  Sobrenome: "Silva",
  Email: "ana@exemplo.ao",
  "Endereço da Rua": "Rua Rainha Ginga 12",
  Cidade: "Luanda",
  "Código Postal": "1000",
  País: "Angola",
  Telefone: shopperPhone(),
};

describe.runIf(browserAvailable())("a shopper's journey through the storefront", () => {
  const shop = useShopAndBrowser();
  let page: Page;
  let orderId = "";

  beforeAll(async () => {
    page = await phonePage(shop.browser);
  });

  const fillAddress = async () => {
    for (const [label, value] of Object.entries(ADDRESS)) await page.getByRole("textbox", { name: label, exact: true }).fill(value);
    await page.getByRole("combobox", { name: "Província" }).selectOption("Luanda");
  };

  it("a guest picks a product and a size and fills the cart", async () => {
    await page.goto(`${shop.url}/`);
    const card = page.getByTestId("product-card").first();
    await card.waitFor({ timeout: 15_000 });
    await card.click();
    await page.waitForURL(/\/product\//);
    const add = page.getByRole("button", { name: "ADICIONAR AO CARRINHO" });
    await add.click();
    await expectToast(page, "Select Product Size");
    expect(await page.getByTestId("cart-count").textContent()).toBe("0");
    await page.getByRole("radio").first().click();
    await add.click();
    await expectToast(page, "Produto adicionado ao carrinho!");
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
  });

  it('the cart shows the line and the total, its delivery estimated ("a partir de") until the province is known', async () => {
    await page.getByRole("link", { name: /Carrinho/ }).click();
    await page.getByTestId("cart-line").first().waitFor();
    expect(await page.getByTestId("cart-line").count()).toBe(1);
    const parse = (s: string | null) => Number((s ?? "").replace(/[^\d,]/g, "").replace(",", "."));
    const subtotal = parse(await page.getByTestId("subtotal").textContent());
    await expect.poll(async () => page.getByTestId("total").textContent()).toMatch(/^a partir de /);
    // The lowest fee any zone charges for these items: Luanda's 5 000 kz, or 0 from its free-from amount.
    const fee = parse(await page.getByTestId("delivery-fee-total").textContent());
    expect(fee).toBe(subtotal >= 150_000 ? 0 : 5000);
    expect(parse(await page.getByTestId("total").textContent())).toBe(subtotal + fee);
  });

  it("checkout asks a guest to sign up; signing up keeps the guest's cart and places the order at once", async () => {
    await page.getByRole("link", { name: "FINALIZAR COMPRA" }).click();
    await page.waitForURL(/\/place-order$/);
    await fillAddress();
    await page.getByRole("button", { name: "FINALIZAR PEDIDO" }).click();
    await page.waitForURL(/\/login$/);
    // The sign-up form, started with what was typed at checkout (storefront-checkout.test.ts checks it all).
    expect(await page.getByRole("textbox", { name: "Nome" }).inputValue()).toBe("Ana Silva");
    await page.getByRole("textbox", { name: "Email" }).fill(`ana.${Date.now()}@exemplo.ao`);
    await page.getByRole("textbox", { name: "Password" }).fill("senha-segura-1");
    const placed = page.waitForResponse((r) => r.url().endsWith("/api/order/place"), { timeout: 30_000 });
    await page.getByRole("button", { name: "Registar" }).click();
    await expectToast(page, "Login realizado com sucesso!");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    // Back on checkout the order goes out with the guest's cart (merged into the account's) and the fee shown.
    const reply = (await (await placed).json()) as { success: boolean; orderId: string };
    expect(reply.success).toBe(true);
    orderId = reply.orderId;
    await expectToast(page, "Pedido realizado com sucesso!");
    await page.waitForURL(new RegExp(`/confirmacaotransferencia\\?orderId=${orderId}$`));
    await page.getByText("Obrigado por fazer a sua encomenda conosco!").waitFor({ timeout: 5000 });
    expect(await page.locator("body").innerText()).toContain("AO06 0000 0000 0000 0000 0000 1");
    expect(await page.getByTestId("cart-count").textContent()).toBe("0");
    // The cart lives on the server: a reload still shows it empty.
    await page.reload();
    await expect.poll(() => page.getByTestId("cart-count").textContent(), { timeout: 15_000 }).toBe("0");
  });

  it("the order appears under MINHAS ENCOMENDAS with its short id, pending status and a Mensagem button", async () => {
    await page.getByRole("link", { name: "Ver a Encomenda" }).click();
    await page.waitForURL(/\/orders$/);
    const order = page.getByTestId("order").first();
    await order.waitFor({ timeout: 15_000 });
    const text = await order.innerText();
    expect(text).toContain(`#${orderId.slice(-6).toUpperCase()}`);
    expect(text).toContain("Aguardando Pagamento");
    expect(await order.getByTestId("status-dot").getAttribute("class")).toContain("dot-pending");
    await order.getByRole("link", { name: "Mensagem" }).click();
    await page.waitForURL(new RegExp(`/message/${orderId}$`));
    await page.getByRole("heading", { name: "Suporte do Pedido" }).waitFor();
  });

  it("the shopper writes to support and the reply arrives live", async () => {
    await page.getByRole("textbox", { name: "Digite sua mensagem" }).fill("Já fiz a transferência.");
    await page.getByRole("button", { name: "Enviar" }).click();
    const mine = page.getByTestId("chat-message").filter({ hasText: "Já fiz a transferência." });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.innerText()).toContain("Cliente");
    // The sending state lived on the message (order-chat.test.tsx): no toast per send.
    expect(await page.locator(".Toastify__toast", { hasText: "Enviando mensagem..." }).count()).toBe(0);

    const token = await staffToken(shop.url);
    await staffReply(shop.url, token, orderId, "Obrigado, vamos confirmar o pagamento.");
    const theirs = page.getByTestId("chat-message").filter({ hasText: "Obrigado, vamos confirmar o pagamento." });
    await theirs.waitFor({ timeout: 15_000 });
    expect(await theirs.innerText()).toContain("Suporte");
    await expectToast(page, "Nova resposta do suporte!");
    // One copy each, though the sent message also came back over the socket.
    expect(await mine.count()).toBe(1);
  });

  it("a PDF from support opens in the modal with zoom, and Baixar leads to the PDF viewer", async () => {
    const token = await staffToken(shop.url);
    await staffReply(shop.url, token, orderId, "Segue a fatura.", { bytes: twoPagePdf(), name: "fatura.pdf", type: "application/pdf" });
    const view = page.getByRole("button", { name: "Visualizar PDF" });
    await view.waitFor({ timeout: 15_000 });
    await view.click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("canvas").nth(1).waitFor({ timeout: 20_000 });
    const width = () =>
      dialog
        .locator("canvas")
        .first()
        .evaluate((c) => c.getBoundingClientRect().width);
    const before = await width();
    await dialog.getByRole("button", { name: "+ Zoom" }).click();
    await expect.poll(width).toBeGreaterThan(before);
    await dialog.getByRole("button", { name: "Baixar" }).click();
    await page.waitForURL(new RegExp(`/pdf-viewer\\?orderId=${orderId}&url=%2Fmedia%2F`));
    // The viewer's own canvases: until its chunk arrives the chat (with the modal's canvases) can still be on screen.
    await page.locator(".pdf-viewer canvas").nth(1).waitFor({ timeout: 20_000 });
    await page
      .locator(".pdf-toolbar")
      .getByText(`Pedido #${shortOrderId(orderId)}`)
      .waitFor({ timeout: 5_000 });
    expect(await page.getByRole("button", { name: "Baixar PDF" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Voltar" }).click();
    await page.waitForURL(new RegExp(`/message/${orderId}$`));
  });

  it("a file type the shop does not accept is refused on the message with 'Erro ao enviar mensagem' and the server's reason", async () => {
    await page.getByRole("textbox", { name: "Digite sua mensagem" }).fill("Segue o comprovativo.");
    await page
      .getByLabel("Anexar ficheiro")
      .setInputFiles({ name: "nota.txt", mimeType: "text/plain", buffer: Buffer.from("não é um comprovativo") });
    await page.getByRole("button", { name: "Enviar" }).click();
    const refused = page.getByTestId("chat-outgoing").filter({ hasText: "Segue o comprovativo." });
    await refused
      .getByRole("alert")
      .filter({ hasText: "Erro ao enviar mensagem: Tipo de ficheiro não suportado" })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("chat-message").filter({ hasText: "Segue o comprovativo." }).count()).toBe(0);
    await refused.getByRole("button", { name: "Apagar" }).click();
    expect(await page.getByTestId("chat-outgoing").count()).toBe(0);
  });

  it("an image from support shows as a thumbnail that opens full size", async () => {
    const token = await staffToken(shop.url);
    await staffReply(shop.url, token, orderId, "Foto do produto.", { bytes: await smallPng(), name: "foto.png", type: "image/png" });
    const thumb = page.getByTestId("chat-message").filter({ hasText: "Foto do produto." }).getByRole("button");
    await thumb.waitFor({ timeout: 15_000 });
    await thumb.click();
    const full = page.getByRole("dialog").getByRole("img", { name: "Anexo" });
    await expect.poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    await page.getByRole("button", { name: "Fechar" }).click();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("on a slow network a second tap sends the message once, and a file picked while it goes out stays for the next one", async () => {
    // The answer to the first send is held back, as on slow 3G, while the shopper taps again and picks a photo.
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    await page.route("**/api/message/send", async (route) => {
      sends++;
      const response = await route.fetch();
      if (sends === 1) await answerHeld;
      await route.fulfill({ response });
    });
    const box = page.getByRole("textbox", { name: "Digite sua mensagem" });
    await box.fill("Quando chega a encomenda?");
    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByRole("button", { name: "Enviar" }).click();
    await page
      .getByLabel("Anexar ficheiro")
      .setInputFiles({ name: "talao.png", mimeType: "image/png", buffer: Buffer.from(await smallPng()) });
    release();
    const mine = page.getByTestId("chat-message").filter({ hasText: "Quando chega a encomenda?" });
    await mine.waitFor({ timeout: 15_000 });
    expect(await box.inputValue()).toBe("");
    // The photo is still chosen: the next tap sends it.
    expect(await page.getByLabel("Anexar ficheiro").evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(1);
    const before = await page.getByTestId("chat-message").count();
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect.poll(() => page.getByTestId("chat-message").count(), { timeout: 15_000 }).toBe(before + 1);
    expect(await page.getByTestId("chat-message").last().getByRole("button").count()).toBe(1);
    expect(await mine.count()).toBe(1);
    expect(sends).toBe(2);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  it("the chat of an order that is not the shopper's says 'Erro ao carregar mensagens'", async () => {
    await page.goto(`${shop.url}/message/nao-existe`);
    await expectToast(page, "Erro ao carregar mensagens");
    expect(await page.getByTestId("chat-message").count()).toBe(0);
  });
});
