// The console on a 390 px phone, in Chromium against the shared shop: a support agent cannot mark an unpaid order
// paid in one tap (the record-payment form opens instead), a move to Entregue asks to be confirmed, the order page
// never scrolls sideways, and "29.990" typed as a product's price saves as 29 990 kz.
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor } from "../storefront/browser-support.ts";

const PHONE = { width: 390, height: 844 };

describe.runIf(browserAvailable())("the console on a phone", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);

  const adminToken = async () =>
    (await api<{ token: string }>("/admin/api/auth/login", { body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).body.token;

  const consoleOnPhone = (email: string, password: string) =>
    consoleSignIn(shop, { viewport: PHONE, isMobile: true, hasTouch: true }, { email, password });

  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const status = async (token: string, orderId: string) =>
    (await api<{ status: string }>(`/admin/api/orders/${orderId}`, { token })).body.status;

  it("gives a support agent the record-payment form for an unpaid order (por confirmar until approved), asks before Entregue, and never scrolls sideways", async () => {
    const admin = await adminToken();
    const stamp = Date.now();
    const agent = { email: `suporte.telemovel.${stamp}@loja.ao`, password: "senha-suporte-1" };
    const created = await api("/admin/api/staff", {
      token: admin,
      body: {
        name: `Agente Telemóvel ${stamp}`,
        email: agent.email,
        password: agent.password,
        role: "support",
        currentPassword: E2E_ADMIN.password,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const email = `telemovel.${stamp}@exemplo.ao`;
    const shopper = await api<{ token: string }>("/api/user/register", {
      body: { name: "Cliente Telemóvel", email, password: "senha-segura-1" },
    });
    const { body: list } = await api<{ products: { _id: string; price: number; sizes: string[] }[] }>("/api/product/list");
    const lines = list.products.slice(0, 3);
    const subtotal = lines.reduce((sum, p) => sum + p.price * 2, 0);
    const fee = await deliveryFeeFor(shop.url, { state: "Luanda", city: "Luanda" }, subtotal);
    const placed = await api<{ orderId: string }>("/api/order/place", {
      token: shopper.body.token,
      body: {
        address: {
          firstName: "Cliente",
          lastName: "Telemóvel com um apelido comprido",
          email,
          street: "Rua Comandante Gika, Edifício Torres Atlântico, 12.º andar",
          city: "Luanda",
          state: "Luanda",
          zipcode: "1000",
          country: "Angola",
          phone: "+244 923 111 222",
        },
        items: lines.map((p) => ({ _id: p._id, size: p.sizes[0], quantity: 2 })),
        totalAmount: subtotal + fee,
        paymentMethod: "cod",
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId;

    const page = await consoleOnPhone(agent.email, agent.password);
    await page.goto(`${shop.url}/admin/#/orders/${orderId}/show`);
    await page.getByTestId("order-short-id").waitFor({ timeout: 20_000 });
    await page.getByTestId("order-lines").waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // One tap on "Pagamento Confirmado" opens the form to record the money; the order stays unpaid.
    await page.getByRole("button", { name: "Pagamento Confirmado" }).click();
    const dialog = page.getByTestId("payment-dialog");
    await dialog.getByLabel("Referência bancária").waitFor();
    expect(await status(admin, orderId)).toBe("Aguardando Pagamento");
    // The agent records the money it owes: it waits for the bank ("Por confirmar", issue 39), the order unpaid…
    await dialog.getByText(/O pagamento fica por confirmar/).waitFor();
    await dialog.getByLabel("Referência bancária").fill(`BAI-TEL-${stamp}`);
    await dialog.getByRole("button", { name: "Registar pagamento" }).click();
    await page.getByTestId("amount-unconfirmed").waitFor({ timeout: 15_000 });
    expect(await status(admin, orderId)).toBe("Aguardando Pagamento");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // …until an admin approves it (or the statement shows it): then it counts and the order is confirmed.
    const recorded = (await api<{ payments: { id: string }[] }>(`/admin/api/orders/${orderId}`, { token: admin })).body.payments;
    const approved = await api(`/admin/api/orders/${orderId}/payments/${recorded[0]!.id}/approve`, { token: admin, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await page.reload();
    await page.getByTestId("order-status").getByText("Pagamento Confirmado").waitFor({ timeout: 15_000 });

    // Entregue asks first: nothing moves until the agent confirms.
    await page.getByRole("button", { name: "Entregue" }).click();
    const confirm = page.getByRole("dialog");
    await confirm.getByText("como entregue?").waitFor();
    expect(await status(admin, orderId)).toBe("Pagamento Confirmado");
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect.poll(() => status(admin, orderId), { timeout: 15_000 }).toBe("Entregue");
    await page.getByTestId("payments-table").waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${shop.url}/admin/#/conversations`);
    await page
      .getByText(`#${orderId.slice(-6).toUpperCase()}`)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("shows the owner a new order in today's revenue once its payment is confirmed, with the exports, on a phone", async () => {
    const admin = await adminToken();
    const page = await consoleOnPhone(E2E_ADMIN.email, E2E_ADMIN.password);
    const numbers = page.getByTestId("owner-numbers");
    await numbers.getByRole("button", { name: "Hoje" }).click();
    const revenue = numbers.getByTestId("numbers-revenue");
    await revenue.waitFor({ timeout: 20_000 });
    // Other files share the shop: what they pay only adds to today's revenue, so this order's total is a lower bound.
    const kz = async () => Number((await revenue.innerText()).replace(/[^\d,]/g, "").replace(",", "."));
    const before = await kz();

    const order = await shopperWithOrder(shop.url, "Dona Receita");
    const paid = await api(`/admin/api/orders/${order.orderId}/payments`, {
      token: admin,
      body: { amount: order.total, bankReference: `BAI-HOJE-${Date.now()}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The numbers refresh on a new order; a reload shows the payment at once.
    await page.reload();
    await page.getByTestId("owner-numbers").getByRole("button", { name: "Hoje" }).click();
    await expect.poll(kz, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + order.total);
    await page.getByTestId("export-orders").waitFor();
    await page.getByTestId("export-payments").waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('saves "29.990" typed as a product\'s price as 29 990 kz', async () => {
    const admin = await adminToken();
    // A hidden product of this file's own: no other file sharing the shop sees its price change.
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "foto.png");
    const upload = await fetch(`${shop.url}/admin/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { image } = (await upload.json()) as { image: { mediaId: string; thumbId: string | null } };
    const product = await api<{ id: string }>("/admin/api/products", {
      token: admin,
      body: {
        name: `Preço ao telemóvel ${Date.now()}`,
        description: "",
        price: 35000,
        sizes: ["M"],
        category: "Moda",
        subCategory: "Moda Masculina",
        bestseller: false,
        hidden: true,
        images: [{ mediaId: image.mediaId, thumbId: image.thumbId }],
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);

    const page = await consoleOnPhone(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${shop.url}/admin/#/products/${product.body.id}`);
    const price = page.getByTestId("kwanza-price");
    await price.fill("29.990");
    // Shown back as it will be saved, before saving.
    expect((await page.getByTestId("kwanza-echo").innerText()).replace(/\s/g, " ")).toBe("29 990,00 kz");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect
      .poll(async () => (await api<{ price: number }>(`/admin/api/products/${product.body.id}`, { token: admin })).body.price, {
        timeout: 15_000,
      })
      .toBe(29990);
    await page.context().close();
  });
});
