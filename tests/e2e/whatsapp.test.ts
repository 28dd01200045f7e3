// WhatsApp on a 390 px phone, in Chromium against a shop of this file's own with WhatsApp configured (its Graph API
// a local stand-in): the wa.me links on the product page, on an order in /orders and in the chat open the shop's
// number from the settings with the text prefilled; the shopper confirms their phone on /account with the code the
// shop sent by WhatsApp (messages go only to a confirmed phone); the console's order page shows the shopper's
// WhatsApp message with the status Meta's signed webhook reported (docs/product/notifications.md#whatsapp-and-sms),
// and offers pushes to the staff member's browser; a WhatsApp message from a phone nobody confirmed waits in
// "WhatsApp por atribuir" until staff post it to that phone's order.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, consoleSignIn, deliveryAddress, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor } from "../storefront/browser-support.ts";
import { GraphStandIn, inboundBody, messagingEnv, signedWebhook, statusesBody, TwilioStandIn } from "../helpers/messaging-standins.ts";
import { BANK_TRANSFER, shortOrderId } from "../../shared/orders.ts";

const PHONE = { width: 390, height: 844 };
/** The shop's WhatsApp number as staff type it in the settings, and as wa.me wants it. */
const SHOP_WHATSAPP = "+244 912 345 678";
const SHOP_DIGITS = "244912345678";

describe.runIf(browserAvailable())("WhatsApp links and message statuses on a phone", () => {
  const graph = new GraphStandIn();
  const twilio = new TwilioStandIn();
  const shop = useShopAndBrowser({
    ownShop: async () => {
      await Promise.all([graph.start(), twilio.start()]);
      return { env: messagingEnv(graph, twilio) };
    },
  });
  afterAll(async () => {
    await graph.stop();
    await twilio.stop();
  });
  const api = shopApi(() => shop.url);

  /** A wa.me link read back: the number and the text the shopper's WhatsApp opens with. */
  const readWaLink = (href: string | null) => {
    const url = new URL(href ?? "");
    expect(url.hostname).toBe("wa.me");
    return { number: url.pathname.replace(/^\//, ""), text: url.searchParams.get("text") ?? "" };
  };
  const hrefOf = (page: Page, name: string | RegExp) => page.getByRole("link", { name }).first().getAttribute("href");
  /** The codes confirming phones the Graph stand-in received for a number (digits). */
  const codesTo = (digits: string) => graph.sent.filter((m) => m.to === digits && m.name === "loja_codigo_confirmacao");
  const placeOrder = async (
    token: string,
    address: ReturnType<typeof deliveryAddress> & { phone: string },
    extra: Record<string, unknown> = {},
  ) => {
    const { products } = (await api<{ products: { _id: string; name: string; price: number; sizes: string[] }[] }>("/api/product/list"))
      .body;
    const product = products[0]!;
    const placed = await api<{ orderId: string }>("/api/order/place", {
      token,
      body: {
        address,
        items: [{ _id: product._id, size: product.sizes[0], quantity: 1 }],
        totalAmount: product.price + (await deliveryFeeFor(shop.url, address, product.price)),
        paymentMethod: BANK_TRANSFER,
        ...extra,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { orderId: placed.body.orderId, product };
  };

  it("opens the shop's number with the product, the order and the chat's text; the console shows the message's status", async () => {
    // The shop's WhatsApp number, set as an admin does.
    const admin = (await api<{ token: string }>("/admin/api/auth/login", { body: { ...E2E_ADMIN } })).body.token;
    const { body: current } = await api<Record<string, unknown>>("/admin/api/settings/1", { token: admin });
    const keep = ["phones", "emails", "addresses", "bankName", "accountHolder", "accountNumber", "iban"] as const;
    const saved = await api("/admin/api/settings/1", {
      method: "PUT",
      token: admin,
      body: { ...Object.fromEntries(keep.map((k) => [k, current[k]])), whatsapp: SHOP_WHATSAPP, currentPassword: E2E_ADMIN.password },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const stamp = Date.now();
    const email = `whatsapp.${stamp}@exemplo.ao`;
    const { token } = (
      await api<{ token: string }>("/api/user/register", { body: { name: "Ana WhatsApp", email, password: "senha-segura-1" } })
    ).body;
    const context = await shop.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: "pt-AO" });
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.evaluate((t) => localStorage.setItem("token", t), token);

    // The shopper confirms their phone on /account: the code arrives by WhatsApp and is typed back.
    await page.goto(`${shop.url}/account`);
    await page.getByRole("textbox", { name: "Telefone para os avisos" }).fill("923 456 001");
    await page.getByRole("button", { name: "ENVIAR CÓDIGO POR WHATSAPP" }).click();
    await expect.poll(() => codesTo("244923456001").length, { timeout: 60_000 }).toBe(1);
    await page.getByRole("textbox", { name: "Código que recebeu em +244923456001" }).fill(codesTo("244923456001")[0]!.params[0]!);
    await page.getByRole("button", { name: "CONFIRMAR NÚMERO" }).click();
    await page.getByTestId("phone-confirmed").waitFor();
    expect(await page.getByTestId("verified-phones").innerText()).toContain("+244923456001");

    // A shopper who ticked WhatsApp at checkout: the order-placed template goes to the stand-in.
    const address = { ...deliveryAddress("Ana", "WhatsApp", email), phone: "923 456 001" };
    const { orderId, product } = await placeOrder(token, address, { whatsappOptIn: true });
    const label = `#${shortOrderId(orderId)}`;
    const orderMessages = () => graph.sent.filter((m) => m.to === "244923456001" && m.name !== "loja_codigo_confirmacao");
    await expect.poll(() => orderMessages().length, { timeout: 60_000 }).toBe(1);
    const [template] = orderMessages();
    expect(template!.name).toBe("loja_pedido_recebido");
    // Meta says it was delivered, then read (signed as Meta signs it).
    for (const status of ["delivered", "read"]) {
      const signed = signedWebhook(statusesBody([{ id: template!.id, status }]));
      const res = await fetch(`${shop.url}/api/whatsapp/webhook`, { method: "POST", headers: signed.headers, body: signed.payload });
      expect(res.status).toBe(200);
    }

    await page.goto(`${shop.url}/product/${product._id}`);
    const ask = readWaLink(await hrefOf(page, "Perguntar no WhatsApp"));
    expect(ask.number).toBe(SHOP_DIGITS);
    expect(ask.text).toContain("Olá! Tenho uma pergunta sobre este produto:");
    expect(ask.text).toContain(product.name);
    expect(ask.text).toContain(`${shop.url}/product/${product._id}`);

    await page.goto(`${shop.url}/orders`);
    const fromOrders = readWaLink(await hrefOf(page, `Falar no WhatsApp sobre o pedido ${label}`));
    expect(fromOrders).toEqual({ number: SHOP_DIGITS, text: `Olá! Escrevo sobre o pedido ${label}.` });

    await page.goto(`${shop.url}/message/${orderId}`);
    const fromChat = readWaLink(await hrefOf(page, `Falar no WhatsApp sobre o pedido ${label}`));
    expect(fromChat).toEqual({ number: SHOP_DIGITS, text: `Olá! Escrevo sobre o pedido ${label}.` });
    await context.close();

    // The console's order page, on a phone: the WhatsApp message with Meta's last word on it, and the button that
    // writes to the shopper's own phone.
    const staffPage = await consoleSignIn(shop, { viewport: PHONE, isMobile: true, hasTouch: true });
    await staffPage.goto(`${shop.url}/admin/#/orders/${orderId}/show`);
    const messages = staffPage.getByTestId("phone-messages");
    await messages.waitFor({ timeout: 30_000 });
    await expect.poll(() => messages.innerText()).toContain("Lida");
    const shown = await messages.innerText();
    expect(shown).toContain("WhatsApp");
    expect(shown).toContain(`Pedido ${label} recebido`);
    expect(shown).toContain("+244923456001");
    const toShopper = readWaLink(await hrefOf(staffPage, "WhatsApp ao cliente"));
    expect(toShopper.number).toBe("244923456001");
    expect(toShopper.text).toContain(`Olá Ana! O seu pedido ${label} aguarda o pagamento de`);
    expect(await staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Staff away from the console: the bar's toggle (in the user menu on a phone) asks this browser for pushes,
    // shown by /admin/sw.js.
    await staffPage.locator("header").getByRole("button").last().click();
    await staffPage.getByRole("menuitemcheckbox", { name: /^Receber avisos neste navegador/ }).waitFor();
    await staffPage.keyboard.press("Escape");
    const worker = await fetch(`${shop.url}/admin/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(await worker.text()).toContain("notificationclick");

    // Someone typed another number at checkout; its owner writes on WhatsApp: the message waits for staff, who
    // post it to that order's chat from "WhatsApp por atribuir".
    const typed = { ...deliveryAddress("Ana", "WhatsApp", email), phone: "923 456 002" };
    const other = await placeOrder(token, typed);
    const words = `Olá, este número é meu (${stamp})`;
    const signed = signedWebhook(inboundBody("244923456002", words));
    expect(
      (await fetch(`${shop.url}/api/whatsapp/webhook`, { method: "POST", headers: signed.headers, body: signed.payload })).status,
    ).toBe(200);
    await staffPage.goto(`${shop.url}/admin/#/whatsapp-inbox`);
    const card = staffPage.getByTestId("inbox-message").filter({ hasText: words });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain("+244923456002");
    // The card fits the 390 px phone.
    expect(await staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await card.getByRole("button", { name: "Ver pedidos deste número" }).click();
    const dialog = staffPage.getByTestId("inbox-assign-dialog");
    await dialog.getByLabel(new RegExp(`#${shortOrderId(other.orderId)}`)).check();
    expect(await dialog.innerText()).toContain("Número não confirmado");
    await dialog.getByRole("button", { name: "Publicar na conversa" }).click();
    await card.waitFor({ state: "detached", timeout: 30_000 });
    const chat = await api<{ messages: { text: string; sender: string }[] }>(`/api/message/${other.orderId}`, { token });
    expect(chat.body.messages.filter((m) => m.sender === "client")).toEqual([expect.objectContaining({ text: words })]);
  });
});
