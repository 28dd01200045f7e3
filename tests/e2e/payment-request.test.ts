// A payment request on a 390 px phone in Chromium (docs/product/payment-requests.md): support asks 8 000 kz for a
// province's delivery on the shopper's order; the shopper opens the order's chat, sees the card, taps "Pagar" and
// reads the request's own transfer description; the bank statement names it, and the open card turns "Pago" live.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, deliveryAddress, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor, phonePage, staffToken, type ListedProduct } from "../storefront/browser-support.ts";
import type { PaymentRequestSchema } from "../../server/schemas/payment-requests.ts";

const kz = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

describe.runIf(browserAvailable())("a payment request in the chat, paid", () => {
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);
  let page: Page;
  let orderId: string;
  let request: PaymentRequestSchema;

  const staff = async <T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> => {
    const res = await fetch(`${shop.url}/admin/api${path}`, {
      method: init.method ?? (init.body || init.form ? "POST" : "GET"),
      headers: { authorization: `Bearer ${await staffToken(shop.url)}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    const email = `pedido.pagamento.${Date.now()}@exemplo.ao`;
    const registered = await api<{ token: string }>("/api/user/register", {
      body: { name: "Rosa Huíla", email, password: "senha-segura-1" },
    });
    const { body } = await api<{ products: ListedProduct[] }>("/api/product/list");
    const product = body.products.find((p) => p.sizes.length > 0)!;
    const address = deliveryAddress("Rosa", "Huíla", email);
    const placed = await api<{ orderId: string }>("/api/order/place", {
      token: registered.body.token,
      body: {
        address,
        items: [{ itemId: product._id, size: product.sizes[0], quantity: 1 }],
        totalAmount: product.price + (await deliveryFeeFor(shop.url, address, product.price)),
        paymentMethod: "cod",
      },
    });
    orderId = placed.body.orderId;
    ({ request } = await staff<{ request: PaymentRequestSchema }>(`/orders/${orderId}/payment-requests`, {
      body: { amount: 8000, reason: "Entrega para a Huíla" },
    }));
    page = await phonePage(shop.browser, 390);
    await page.addInitScript((t) => localStorage.setItem("token", t), registered.body.token);
  });

  it("shows the card with Pagar and the request's own reference, then Pago once the statement names it", async () => {
    await page.goto(`${shop.url}/message/${orderId}`);
    const card = page.getByTestId("payment-request");
    await card.waitFor();
    expect(kz(await card.textContent())).toContain("Pedido de pagamento · 8 000,00 kz");
    expect(await card.textContent()).toContain("Entrega para a Huíla");
    await card.getByRole("button", { name: "Pagar" }).click();
    const how = page.getByTestId("payment-request-how");
    await how.waitFor();
    expect(await how.textContent()).toContain(request.reference);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The shopper's transfer reaches the shop's account: the statement names the request's reference.
    const csv = [
      "Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo",
      `28-11-2026;28-11-2026;TRF ${request.reference} ROSA;;8.000,00;10.000,00`,
    ].join("\n");
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "extrato.csv");
    expect(await staff<{ matched: number }>("/bank-statements", { form })).toMatchObject({ matched: 1 });

    // No reload: the shop's "Recebemos…" line reaches the open chat over the socket, and the card reads it again.
    await expect.poll(async () => page.getByTestId("payment-request").getAttribute("data-status"), { timeout: 15_000 }).toBe("paid");
    expect(await page.getByTestId("payment-request").textContent()).toContain("Pago");
  });
});
