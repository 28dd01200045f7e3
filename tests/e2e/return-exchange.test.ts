// A wrong size exchanged, on 390 px phones in Chromium against the shared shop (docs/product/returns.md): the shopper
// asks for another size of a delivered order in three taps on /orders (the shop's policy shown before confirming); a
// support agent approves and receives it from "Devoluções" on a phone; the shopper, with the order's chat open,
// reads each step as it happens; the exchange's replacement order is theirs, already paid, ready to ship.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, consoleSignIn, deliveryAddress, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor, expectToast, phonePage, staffToken, type ListedProduct } from "../storefront/browser-support.ts";
import { shortOrderId } from "../../shared/orders.ts";

const PHONE = { width: 390, height: 844 };

describe.runIf(browserAvailable())("exchanging a size from a phone", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  let shopper: Page;
  let token: string;
  let orderId: string;
  let size: string;
  let agent: { email: string; password: string };

  beforeAll(async () => {
    const stamp = Date.now();
    const email = `troca.${stamp}@exemplo.ao`;
    token = (await api<{ token: string }>("/api/user/register", { body: { name: "Marta Troca", email, password: "senha-segura-1" } })).body
      .token;
    const { body } = await api<{ products: ListedProduct[] }>("/api/product/list");
    const product = body.products.find((p) => p.sizes.length >= 2 && p.price > 0)!;
    size = product.sizes[0]!;
    const address = deliveryAddress("Marta", "Troca", email);
    const total = product.price + (await deliveryFeeFor(shop.url, address, product.price));
    const placed = await api<{ orderId: string }>("/api/order/place", {
      token,
      body: { address, items: [{ _id: product._id, size, quantity: 1 }], totalAmount: total, paymentMethod: "cod" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    orderId = placed.body.orderId;
    // Paid and delivered, as staff would have done it.
    const admin = await staffToken(shop.url);
    const paid = await api(`/admin/api/orders/${orderId}/payments`, {
      token: admin,
      body: { amount: total, bankReference: `TROCA-${stamp}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const delivered = await api(`/admin/api/orders/${orderId}`, { method: "PUT", token: admin, body: { status: "Entregue" } });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    agent = { email: `suporte.trocas.${stamp}@loja.ao`, password: "senha-suporte-1" };
    const created = await api("/admin/api/staff", {
      token: admin,
      body: { name: `Agente Trocas ${stamp}`, ...agent, role: "support", currentPassword: E2E_ADMIN.password },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    shopper = await phonePage(shop.browser, 390);
    await shopper.addInitScript((t) => localStorage.setItem("token", t), token);
  });

  it("asks for another size in three taps, with the shop's policy shown before confirming", async () => {
    await shopper.goto(`${shop.url}/orders`);
    const card = shopper.getByTestId("order").filter({ hasText: `Pedido #${shortOrderId(orderId)}` });
    const exchangeTo = (
      await api<{ orders: { _id: string; returnOffer: { lines: { exchangeSizes: string[] }[] } | null }[] }>("/api/order/userorders", {
        token,
        body: {},
      })
    ).body.orders.find((o) => o._id === orderId)!.returnOffer!.lines[0]!.exchangeSizes[0]!;
    expect(exchangeTo).not.toBe(size);

    await card.getByRole("button", { name: /^Pedir devolução ou troca/ }).click(); // 1
    const form = card.getByTestId("return-request");
    await form.getByRole("button", { name: `Trocar por ${exchangeTo}`, exact: true }).click(); // 2
    expect(await form.getByTestId("return-policy").textContent()).toContain("Entregue-os na Loja Luanda");
    expect(await overflow(shopper)).toBeLessThanOrEqual(0);
    await form.getByRole("button", { name: "Confirmar pedido" }).click(); // 3
    await expectToast(shopper, "Pedido de devolução enviado");
    await card.getByTestId("order-returns").getByText(`Troca pelo tamanho ${exchangeTo}`).waitFor();
    expect(await card.getByTestId("return-status").textContent()).toBe("Pedido");
  });

  it("is approved and received by support on a phone, and the shopper reads each step in the open chat", async () => {
    await shopper.goto(`${shop.url}/message/${orderId}`);
    const chat = shopper.getByTestId("chat-list");
    await expect.poll(() => chat.textContent(), { timeout: 15_000 }).toContain("Recebemos o seu pedido de troca");

    const staff = await consoleSignIn(shop, { viewport: PHONE, isMobile: true, hasTouch: true }, agent);
    await staff.goto(`${shop.url}/admin/#/returns`);
    await staff.getByText(`#${shortOrderId(orderId)} · Marta Troca`).click({ timeout: 20_000 });
    await staff.getByTestId("return-moves").waitFor({ timeout: 20_000 });
    expect(await overflow(staff)).toBeLessThanOrEqual(0);

    await staff.getByRole("button", { name: "Aprovar" }).click();
    await staff.getByTestId("return-status").filter({ hasText: "Aprovada" }).waitFor({ timeout: 15_000 });
    await expect.poll(() => chat.textContent(), { timeout: 15_000 }).toContain("A sua troca foi aprovada");
    const replacement = (await staff.getByTestId("return-replacement").textContent())!;
    expect(replacement).toContain("Pagamento Confirmado");

    await staff.getByRole("button", { name: "Marcar como recebida" }).click();
    const dialog = staff.getByTestId("return-receive-dialog");
    await dialog.getByRole("button", { name: "Marcar como recebida" }).click();
    await staff.getByTestId("return-status").filter({ hasText: "Recebida" }).waitFor({ timeout: 15_000 });
    await expect.poll(() => chat.textContent(), { timeout: 15_000 }).toContain("Recebemos os artigos da sua troca.");
    expect(await overflow(staff)).toBeLessThanOrEqual(0);

    // The replacement is the shopper's own order, paid, to ship like any other.
    const mine = (
      await api<{ orders: { _id: string; status: string; payment: boolean; totalAmount: number }[] }>("/api/order/userorders", {
        token,
        body: {},
      })
    ).body.orders;
    const copy = mine.find((o) => replacement.includes(`#${shortOrderId(o._id)}`))!;
    expect(copy).toMatchObject({ status: "Pagamento Confirmado", payment: true, totalAmount: 0 });
    await staff.context().close();
  });
});
