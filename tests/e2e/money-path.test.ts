// The money path end to end, in Chromium against the built shop: a shopper places a bank-transfer
// order, leaves, comes back from /orders to the payment page (amount, reference, deadline) and sends a proof;
// staff find it in the Pagamentos queue and accept it with the payment's details; the shopper's orders page and
// chat show the confirmed payment live, without a reload.
import { describe, expect, it } from "vitest";
import { formatKz } from "../../shared/money.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { browserAvailable, consoleSignIn, shopperWithOrder, useShopAndBrowser } from "../helpers/e2e.ts";
import { shopApi } from "../helpers/shop-process.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";

describe.runIf(browserAvailable())("the money path in Chromium", () => {
  const shop = useShopAndBrowser();

  const api = shopApi(() => shop.url);

  it("guides the shopper back to what to pay, takes a proof, and shows the staff's confirmation live", async () => {
    const { token, orderId, total } = await shopperWithOrder(shop.url, "Pagador");
    const short = shortOrderId(orderId);

    // The shopper comes back later: /orders leads to the payment page.
    const shopper = await shop.browser.newPage({ viewport: { width: 390, height: 844 } });
    await shopper.goto(`${shop.url}/`);
    await shopper.evaluate((t) => localStorage.setItem("token", t), token);
    await shopper.goto(`${shop.url}/orders`);
    const card = shopper.getByTestId("order").filter({ hasText: short });
    await card.getByText("Por pagar").waitFor({ timeout: 20_000 });
    await card.getByRole("link", { name: `Pagar o pedido #${short}` }).click();
    await shopper.waitForURL(new RegExp(`/confirmacaotransferencia\\?orderId=${orderId}$`));
    const toPay = shopper.getByTestId("amount-to-pay");
    await toPay.getByText(formatKz(total)).waitFor({ timeout: 20_000 });
    // The payment reference goes with the transfer, named apart from Multicaixa's "Referência".
    expect(await shopper.getByTestId("bank-details").innerText()).toMatch(/Descritivo da transferência\s+LJ[2-9A-Z]{7}/);
    expect(await shopper.getByTestId("deadline").innerText()).toMatch(/Pague até .+ · faltam/);

    // A PDF receipt whose text says the right amount.
    await shopper.locator('input[type="file"]').setInputFiles({
      name: "comprovativo.pdf",
      mimeType: "application/pdf",
      buffer: pdfWithText(["Transferencia", `Montante: ${formatKz(total).replace(/\u00a0/g, ".")}`]),
    });
    await shopper.getByTestId("proofs").getByText("Em análise").waitFor({ timeout: 20_000 });

    // The shopper waits on the orders page while staff work.
    await shopper.goto(`${shop.url}/orders`);
    await card.getByText("Comprovativo:").waitFor({ timeout: 20_000 });

    const staff = await consoleSignIn(shop);
    await staff.goto(`${shop.url}/admin/#/payments`);
    const row = staff.getByTestId("payments-queue").getByText(`#${short}`);
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await staff.waitForURL(/#\/orders\/[^/]+\/show$/);
    await staff.getByRole("button", { name: "Aceitar" }).first().click();
    const dialog = staff.getByTestId("payment-dialog");
    await dialog.getByLabel("Referência bancária").fill("BAI-778812");
    await dialog.getByRole("button", { name: "Aceitar" }).click();
    await staff.getByText("Comprovativo aceite").first().waitFor({ timeout: 20_000 });

    // Live on the shopper's page: the order is paid, no reload.
    // The status line (the timeline under it names the step too).
    await card.locator(".status").getByText("Pagamento Confirmado").waitFor({ timeout: 20_000 });
    expect(await card.getByRole("link", { name: /Pagar o pedido/ }).count()).toBe(0);
    await shopper.goto(`${shop.url}/message/${orderId}`);
    await shopper
      .getByText(/Pagamento confirmado/i)
      .first()
      .waitFor({ timeout: 20_000 });

    const { body } = await api<{ orders: { _id: string; status: string; paymentState: string; proofs: { status: string }[] }[] }>(
      "/api/order/userorders",
      { token: token, body: {} },
    );
    const order = body.orders.find((o) => o._id === orderId)!;
    expect(order).toMatchObject({ status: "Pagamento Confirmado", paymentState: "paid" });
    expect(order.proofs.map((p) => p.status)).toEqual(["accepted"]);
    await shopper.close();
    await staff.context().close();
  });
});
