// An order's day in the console on a 390 px phone, in Chromium against the shared shop: what staff type in
// the "Enviado" dialog is saved and reaches the shopper's /orders, and a refund shows on the order page, in its
// history, on the shopper's /orders and in the owner's numbers.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { formatKz } from "../../shared/money.ts";

const PHONE = { width: 390, height: 844 };

describe.runIf(browserAvailable())("an order's day in the console on a phone", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);

  const adminToken = async () =>
    (await api<{ token: string }>("/admin/api/auth/login", { body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).body.token;

  /** A shopper's order, paid in full (recorded by the admin) and moved to Em Preparação. */
  const paidOrder = async (name: string, stage: "Pagamento Confirmado" | "Em Preparação") => {
    const admin = await adminToken();
    const order = await shopperWithOrder(shop.url, name);
    const paid = await api(`/admin/api/orders/${order.orderId}/payments`, {
      token: admin,
      body: { amount: order.total, bankReference: `BAI-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    if (stage === "Em Preparação") {
      const moved = await api(`/admin/api/orders/${order.orderId}`, { method: "PUT", token: admin, body: { status: "Em Preparação" } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return { ...order, admin };
  };

  const shopperPage = async (token: string): Promise<Page> => {
    const context = await shop.browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "pt-AO",
    });
    const page = await context.newPage();
    await page.addInitScript((t) => localStorage.setItem("token", t), token);
    return page;
  };

  it("saves the carrier, code, link, driver and date typed in the Enviado dialog, and shows them to staff and shopper", async () => {
    const order = await paidOrder("Carla Envio", "Em Preparação");
    const page = await consoleSignIn(shop, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/orders/${order.orderId}/show`);
    await page.getByTestId("order-short-id").waitFor({ timeout: 20_000 });
    await page.getByTestId("status-moves").getByRole("button", { name: "Enviado" }).click();
    const dialog = page.getByTestId("shipment-dialog");
    await dialog.getByLabel("Transportadora").fill("Entregas Rápidas Luanda");
    await dialog.getByLabel("Código de seguimento").fill("ERL-55120");
    await dialog.getByLabel("Link de seguimento").fill("https://erl.example.ao/t/ERL-55120");
    await dialog.getByLabel("Telefone do motorista").fill("923 111 222");
    await dialog.getByLabel("Entrega prevista").fill("2026-12-30");
    await dialog.getByRole("button", { name: "Marcar como enviada" }).click();

    // The API holds what was typed, and the order page shows it.
    await expect
      .poll(
        async () =>
          (await api<{ shipment: Record<string, string> | null }>(`/admin/api/orders/${order.orderId}`, { token: order.admin })).body
            .shipment,
        {
          timeout: 15_000,
        },
      )
      .toMatchObject({
        carrier: "Entregas Rápidas Luanda",
        trackingCode: "ERL-55120",
        trackingUrl: "https://erl.example.ao/t/ERL-55120",
        driverPhone: "923 111 222",
        expectedAt: "2026-12-30T11:00:00.000Z",
      });
    await page
      .getByText(/Transportadora: Entregas Rápidas Luanda/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.context().close();

    // The shopper's /orders lists the same lines, the link clickable.
    const shopper = await shopperPage(order.token);
    await shopper.goto(`${shop.url}/orders`);
    const shipment = shopper.getByTestId("shipment");
    await shipment.waitFor({ timeout: 15_000 });
    expect(await shipment.innerText()).toContain("Código de seguimento: ERL-55120");
    expect(await shipment.innerText()).toContain("Telefone do motorista: 923 111 222");
    expect(await shipment.getByRole("link").getAttribute("href")).toBe("https://erl.example.ao/t/ERL-55120");
    await shopper.context().close();
  });

  it("shows a refund on the order page, in its history and on the shopper's /orders; the dialog starts empty and asks why", async () => {
    const order = await paidOrder("Rita Devolve", "Pagamento Confirmado");
    const page = await consoleSignIn(shop, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/orders/${order.orderId}/show`);
    await page.getByTestId("order-short-id").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Registar devolução" }).click();
    const dialog = page.getByTestId("refund-dialog");
    const amount = dialog.getByLabel(/Montante/);
    expect(await amount.inputValue()).toBe("");
    await amount.fill("2.990");
    await dialog.getByRole("textbox", { name: /Motivo/ }).fill("Tamanho errado, cliente ficou com a outra peça");
    await dialog.getByLabel(/Referência bancária/).fill("BAI-DEV-2990");
    await dialog.getByRole("button", { name: "Registar devolução" }).click();
    await dialog.waitFor({ state: "detached", timeout: 15_000 });

    const kz = (text: string) => text.replace(/\s/g, " ");
    await page.getByTestId("amount-refunded").waitFor({ timeout: 15_000 });
    expect(kz(await page.getByTestId("amount-refunded").innerText())).toBe(kz(`−${formatKz(2990)}`));
    expect(kz(await page.getByTestId("amount-net").innerText())).toBe(kz(formatKz(order.total - 2990)));
    const list = page.getByTestId("refunds-list");
    expect(await list.innerText()).toContain("BAI-DEV-2990");
    expect(await list.innerText()).toContain("Tamanho errado");
    const line = page.getByTestId("history-refund");
    expect(kz(await line.innerText())).toMatch(/Devolução de 2 990,00 kz/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();

    const shopper = await shopperPage(order.token);
    await shopper.goto(`${shop.url}/orders`);
    const refunds = shopper.getByTestId("order-refunds");
    await refunds.waitFor({ timeout: 15_000 });
    expect(kz(await refunds.innerText())).toMatch(/Devolvido: −2 990,00 kz/);
    expect(kz(await refunds.innerText())).toContain("Pago, descontadas as devoluções");
    await shopper.context().close();
  });
});
