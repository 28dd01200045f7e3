// The staff console in a real browser against the built shop: sign in, run the catalogue, move an order to
// Entregue, answer a chat the shopper sees live (or by e-mail, through an SMTP server in this process, when the
// shopper has no page open), and a support agent kept out of the catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { composeIBAN, friendlyFormatIBAN } from "ibantools";
import { browserAvailable, consoleSignIn, deliveryAddress, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";

interface ShopProduct {
  _id: string;
  name: string;
  price: number;
  sizes: string[];
  image: string[];
  thumbnail: string[];
}

describe.runIf(browserAvailable())("the staff console in Chromium", () => {
  // Its own shop: it changes the shop's settings and mails through an SMTP server in this process.
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  // A short digest window: the "within 2 minutes" holds for the default 60 s; the test need not wait it.
  const shop = useShopAndBrowser({
    ownShop: () => ({ env: { SMTP_URL: sink.url, MAIL_FROM: "Loja <pedidos@loja.ao>", MAIL_DIGEST_DELAY_SECONDS: "2" } }),
  });

  const api = shopApi(() => shop.url);

  it("loads the login screen without the react-admin bundle, then the whole console after sign-in", async () => {
    const page = await shop.browser.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${shop.url}/admin/`);
    await page.locator("#email").waitFor();
    expect(scripts.some((s) => /\/app-[\w-]+\.js$/.test(s))).toBe(false);
    await page.locator("#email").fill(E2E_ADMIN.email);
    await page.locator("#password").fill("senha-errada-123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").innerText()).toMatch(/inválid/i);
    await page.locator("#password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Receita deste mês").waitFor({ timeout: 30_000 });
    expect(scripts.some((s) => /\/app-[\w-]+\.js$/.test(s))).toBe(true);
    await page.context().close();
  });

  it("creates a product with two images that then appears in the storefront", async () => {
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/products/create`);
    const name = `Relógio Teste ${Date.now()}`;
    await page.getByLabel("Nome").fill(name);
    await page.getByLabel("Descrição").fill("Relógio de pulso importado");
    await page.getByLabel("Preço (kz)").fill("25000");
    const sizes = page.getByLabel("Tamanhos / cores");
    await sizes.fill("Preto");
    await sizes.press("Enter");
    await sizes.fill("Prateado");
    await sizes.press("Enter");
    await page.getByRole("combobox", { name: "Categoria", exact: true }).click();
    await page.getByRole("option", { name: "Moda", exact: true }).click();
    await page.getByRole("combobox", { name: "Subcategoria", exact: true }).click();
    await page.getByRole("option", { name: "Joias & Relógios" }).click();
    // No English left in MUI's own labels either (autocomplete, selects, pagination).
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label],[title]")].map((e) => e.getAttribute("aria-label") ?? e.getAttribute("title") ?? ""),
    );
    expect(labels.filter((l) => /^(Clear|Open|Close|No options|Loading…|Show password|Hide password)$/.test(l))).toEqual([]);
    const png = (r: number) =>
      sharp({ create: { width: 900, height: 700, channels: 3, background: { r, g: 80, b: 120 } } })
        .png()
        .toBuffer();
    await page.getByTestId("product-image-file").setInputFiles([
      { name: "frente.png", mimeType: "image/png", buffer: await png(30) },
      { name: "verso.png", mimeType: "image/png", buffer: await png(220) },
    ]);
    await expect.poll(() => page.getByTestId("product-images").locator("img").count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(/#\/products$/, { timeout: 20_000 });

    const { body } = await api<{ products: ShopProduct[] }>("/api/product/list");
    const created = body.products.find((p) => p.name === name);
    expect(created).toBeDefined();
    expect(created!.image).toHaveLength(2);
    expect(created!.thumbnail).toHaveLength(2);
    expect(created!.sizes).toEqual(["Preto", "Prateado"]);
    expect(created!.price).toBe(25000);

    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/product/${created!._id}`);
    await shopper.getByText(name).first().waitFor({ timeout: 40_000 });
    await shopper.close();
    await page.context().close();
  });

  it("confirms an unpaid order by recording its money, moves it to Entregue once confirmed, and the shopper's orders show it", async () => {
    const { token, orderId } = await shopperWithOrder(shop.url, "Carla");
    const short = orderId.slice(-6).toUpperCase();
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/orders`);
    await page.getByPlaceholder("Pesquisar").fill(short);
    // The list applies a search after a pause (react-admin's debounce) by changing the address: a click on a row
    // before that was taken back to the list when the search landed.
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(short));
    const row = page.getByText(`#${short}`);
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await page.getByTestId("order-short-id").waitFor();
    // The ledger decides "paid": on an unpaid order the button opens the record-payment form, the amount due filled in.
    await page.getByRole("button", { name: "Pagamento Confirmado" }).click();
    const dialog = page.getByTestId("payment-dialog");
    await dialog.getByLabel("Referência bancária").fill(`BAI-E2E-${short}`);
    await dialog.getByRole("button", { name: "Registar pagamento" }).click();
    await expect.poll(() => page.getByTestId("order-history").locator("li").count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole("button", { name: "Entregue" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
    await expect.poll(() => page.getByTestId("order-history").locator("li").count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId("order-history").innerText()).toContain("Admin");

    const { body } = await api<{ orders: { _id: string; status: string }[] }>("/api/order/userorders", { token, body: {} });
    expect(body.orders.find((o) => o._id === orderId)?.status).toBe("Entregue");

    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/`);
    await shopper.evaluate((t) => localStorage.setItem("token", t), token);
    await shopper.goto(`${shop.url}/orders`);
    const card = shopper.getByTestId("order").filter({ hasText: short });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.innerText()).toContain("Entregue");
    await shopper.close();
    await page.context().close();
  });

  it("answers a chat: the new customer message appears in the inbox live and the reply reaches the shopper live", async () => {
    const { token, orderId } = await shopperWithOrder(shop.url, "Duarte");
    const short = orderId.slice(-6).toUpperCase();
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/conversations`);
    await page.getByTestId("live-indicator").and(page.locator('[data-connected="true"]')).waitFor({ timeout: 20_000 });

    // The shopper opens the order's chat and writes; the console updates without a reload.
    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/`);
    await shopper.evaluate((t) => localStorage.setItem("token", t), token);
    await shopper.goto(`${shop.url}/message/${orderId}`);
    await shopper.getByTestId("chat-list").waitFor({ timeout: 20_000 });
    await shopper.getByPlaceholder("Digite sua mensagem").fill("Olá, já fiz a transferência");
    await shopper.getByRole("button", { name: "Enviar" }).click();

    const inboxRow = page.getByText(`#${short}`);
    await inboxRow.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(/^\(\d+\) /);
    await inboxRow.click();
    await page.getByTestId("chat-message").filter({ hasText: "Olá, já fiz a transferência" }).waitFor({ timeout: 20_000 });
    // The answer to the reply is held back (a slow link) until the agent has attached the next file: the reply
    // reaches the shopper, and the file picked meanwhile must stay for the next send.
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route("**/admin/api/conversations/*/messages", async (route) => {
      if (route.request().method() !== "POST" || held) return route.continue();
      held = true;
      const response = await route.fetch();
      await answerHeld;
      await route.fulfill({ response });
    });
    await page.getByRole("textbox", { name: "Escreva a resposta" }).fill("Obrigado! Pagamento confirmado.");
    await page.getByRole("button", { name: "Enviar" }).click();

    await shopper.getByTestId("chat-message").filter({ hasText: "Obrigado! Pagamento confirmado." }).waitFor({ timeout: 20_000 });
    expect(await shopper.getByTestId("chat-message").filter({ hasText: "Obrigado! Pagamento confirmado." }).innerText()).toContain(
      "Suporte",
    );
    // Opening the conversation read it: the unread count leaves the title.
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe("Loja — Consola");

    // A reply with a PDF only: shown inline in the console, offered to the shopper as a PDF.
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
        "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    await page.getByTestId("reply-file").setInputFiles({ name: "recibo.pdf", mimeType: "application/pdf", buffer: pdf });
    release();
    await page.getByTestId("chat-message").filter({ hasText: "Obrigado! Pagamento confirmado." }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Enviar" }).click();
    const preview = page.getByTestId("pdf-attachment").locator("canvas");
    await expect.poll(() => preview.evaluate((c) => (c as HTMLCanvasElement).width), { timeout: 20_000 }).toBeGreaterThan(0);
    await shopper.getByText("Visualizar PDF").waitFor({ timeout: 20_000 });
    await shopper.close();
    await page.context().close();
  });

  it("e-mails a support reply to a shopper with no page open, with the link that opens the order's chat", async () => {
    const { token, email, orderId } = await shopperWithOrder(shop.url, "Esperança");
    const short = orderId.slice(-6).toUpperCase();
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/conversations/${orderId}/show`);
    await page.getByRole("textbox", { name: "Escreva a resposta" }).fill("A sua encomenda sai amanhã.");
    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByTestId("chat-message").filter({ hasText: "A sua encomenda sai amanhã." }).waitFor({ timeout: 20_000 });

    const subject = `Nova resposta sobre o pedido #${short}`;
    await expect.poll(() => sink.messages.filter((m) => m.to.includes(email) && m.subject === subject).length, { timeout: 30_000 }).toBe(1);
    const mail = sink.messages.find((m) => m.subject === subject)!;
    expect(mail.from).toBe("pedidos@loja.ao");
    expect(mail.text).toContain("> A sua encomenda sai amanhã.");
    // Without PUBLIC_URL, links point at this server as it listens.
    const link = `${shop.url.replace("127.0.0.1", "localhost")}/message/${orderId}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);

    // The link opens the chat with the reply for the signed-in shopper.
    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/`);
    await shopper.evaluate((t) => localStorage.setItem("token", t), token);
    await shopper.goto(link.replace("localhost", "127.0.0.1"));
    await shopper.getByTestId("chat-message").filter({ hasText: "A sua encomenda sai amanhã." }).waitFor({ timeout: 20_000 });
    await shopper.close();
    await page.context().close();
  });

  it("lets an admin invite a support agent, who is then kept out of the catalogue in the console and the API", async () => {
    const admin = await consoleSignIn(shop);
    await admin.goto(`${shop.url}/admin/#/staff/create`);
    const email = `suporte.${Date.now()}@loja.ao`;
    await admin.getByLabel("Nome").fill("Agente Suporte");
    await admin.getByLabel("Email").fill(email);
    await admin.locator("input[name=password]").fill("senha-suporte-1");
    // Creating any staff account asks for the admin's own password (step-up).
    await admin.locator("input[name=currentPassword]").fill(E2E_ADMIN.password);
    await admin.getByRole("button", { name: "Guardar" }).click();
    await admin.waitForURL(/#\/staff$/, { timeout: 20_000 });
    await admin.getByText(email).waitFor();
    await admin.context().close();

    const page = await consoleSignIn(shop, undefined, { email, password: "senha-suporte-1" });
    const menu = await page.locator(".RaSidebar-fixed, .RaMenu-root").first().innerText();
    expect(menu).toContain("Pedidos");
    expect(menu).toContain("Conversas");
    expect(menu).not.toContain("Produtos");
    expect(menu).not.toContain("Equipa");
    expect(menu).not.toContain("Definições");
    await page.goto(`${shop.url}/admin/#/products`);
    await page.getByText("Não tem permissões para aceder a esta página").waitFor({ timeout: 20_000 });
    const login = await api<{ token: string; user: { role: string } }>("/admin/api/auth/login", {
      body: { email, password: "senha-suporte-1" },
    });
    expect(login.body.user.role).toBe("support");
    const refused = await api<{ success: boolean; message: string }>("/admin/api/products", { token: login.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    await page.context().close();
  });

  it("saves the shop's bank details from the settings screen, and the storefront's transfer page shows them", async () => {
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/settings`);
    // A valid Angolan IBAN (mod-97) that differs on every run; bank changes need the admin's password.
    const iban = friendlyFormatIBAN(composeIBAN({ countryCode: "AO", bban: `0040${String(Date.now() % 1e17).padStart(17, "0")}` }) ?? "")!;
    await page.getByLabel("Banco").fill("Banco Angolano de Testes");
    await page.getByLabel("IBAN").fill(iban);
    await page.getByLabel("Palavra-passe atual").fill(E2E_ADMIN.password);
    const saved = page.waitForResponse((r) => r.url().includes("/admin/api/settings") && r.request().method() === "PUT");
    await page.getByRole("button", { name: "Guardar" }).click();
    const reply = await saved;
    expect(reply.status(), `${reply.request().postData()} → ${await reply.text()}`).toBe(200);
    await page.getByText("Definições guardadas").waitFor({ timeout: 20_000 });
    const { body } = await api<{ settings: { bank: { bankName: string; iban: string }; isDemo: boolean } }>("/api/settings");
    expect(body.settings.bank).toMatchObject({ bankName: "Banco Angolano de Testes", iban });
    expect(body.settings.isDemo).toBe(false);
    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/confirmacaotransferencia`);
    await shopper.getByText(iban).waitFor({ timeout: 20_000 });
    await shopper.close();
    await page.context().close();
  });

  it("writes an amount the same way in the server's message, the storefront's cart and the console's order", async () => {
    const email = `kwanza.${Date.now()}@exemplo.ao`;
    const { body: reg } = await api<{ token: string }>("/api/user/register", {
      body: { name: "Kwanza", email, password: "senha-segura-1" },
    });
    const { body } = await api<{ products: ShopProduct[] }>("/api/product/list");
    // Below Luanda's free-from amount: the cart, knowing no address yet, estimates from Luanda's fee, the one the
    // server charges this Luanda address ("a partir de …", docs/product/checkout.md#delivery-in-the-cart).
    const product = body.products.find((p) => p.price >= 1000 && p.price < 150_000)!;
    const size = product.sizes[0]!;
    expect((await api("/api/cart/add", { token: reg.token, body: { itemId: product._id, size } })).status).toBe(200);
    const address = deliveryAddress("Kwanza", "Teste", email);
    const items = [{ _id: product._id, size, quantity: 1 }];
    const stale = await api<{ message: string }>("/api/order/place", {
      token: reg.token,
      body: { address, items, totalAmount: 1, paymentMethod: "cod" },
    });
    expect(stale.status).toBe(409);
    const fromServer = /(\S+(?:\u00a0\d{3})*,\d{2} kz)$/.exec(stale.body.message)?.[1];
    expect(fromServer, stale.body.message).toBeDefined();

    const shopper = await shop.browser.newPage();
    await shopper.goto(`${shop.url}/`);
    await shopper.evaluate((t) => localStorage.setItem("token", t), reg.token);
    await shopper.goto(`${shop.url}/cart`);
    await expect.poll(() => shopper.getByTestId("total").innerText(), { timeout: 20_000 }).toBe(`a partir de ${fromServer}`);
    await shopper.close();

    const placed = await api<{ orderId: string }>("/api/order/place", {
      token: reg.token,
      body: { address, items, totalAmount: product.price + 5000, paymentMethod: "cod" },
    });
    expect(placed.status).toBe(200);
    const page = await consoleSignIn(shop);
    await page.goto(`${shop.url}/admin/#/orders/${placed.body.orderId}/show`);
    await page.getByText(fromServer!, { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
