// The bank statement decides, end to end in Chromium on a 390 px phone: the owner imports the bank's CSV export;
// the line naming an order's payment reference with what it owes confirms that order by itself, the line naming
// none waits in "Extrato", and the owner assigns it to the other order by its payment reference. A bank whose
// columns the shop does not know is mapped once; the import says which mapping it used, and the owner deletes the
// mapping with their password.
import { describe, expect, it } from "vitest";
import { luandaParts } from "../../shared/dates.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { browserAvailable, consoleSignIn, deliveryAddress, useShopAndBrowser } from "../helpers/e2e.ts";
import { E2E_ADMIN, shopApi } from "../helpers/shop-process.ts";
import { deliveryFeeFor } from "../storefront/browser-support.ts";

interface ShopProduct {
  _id: string;
  price: number;
  sizes: string[];
}

interface ShopOrder {
  _id: string;
  status: string;
  totalAmount: number;
  paymentReference: string | null;
}

/** As a bank writes an amount: "29.990,00". */
const bankAmount = (n: number) =>
  n
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+,)/g, ".");

describe.runIf(browserAvailable())("the bank statement in Chromium", () => {
  // The shared shop: the lines this file imports name its own orders (random references) and nothing else reads them.
  const shop = useShopAndBrowser();
  const api = shopApi(() => shop.url);

  it("an owner imports a statement: one order is confirmed by it, the other line waits and is assigned", async () => {
    const email = `extrato.${Date.now()}@exemplo.ao`;
    const reg = await api<{ token: string }>("/api/user/register", {
      body: { name: "Cliente Extrato", email, password: "senha-segura-1" },
    });
    expect(reg.status).toBe(200);
    const { body: list } = await api<{ products: ShopProduct[] }>("/api/product/list");
    const address = deliveryAddress("Cliente", "Extrato", email);
    for (const product of list.products.slice(0, 2)) {
      const placed = await api<{ orderId: string }>("/api/order/place", {
        token: reg.body.token,
        body: {
          address,
          items: [{ _id: product._id, size: product.sizes[0], quantity: 1 }],
          totalAmount: product.price + (await deliveryFeeFor(shop.url, address, product.price)),
          paymentMethod: "cod",
        },
      });
      expect(placed.status).toBe(200);
    }
    const orders = async () =>
      (await api<{ orders: ShopOrder[] }>("/api/order/userorders", { token: reg.body.token, body: {} })).body.orders;
    const [named, other] = await orders();
    const today = luandaParts(new Date())!;
    const day = `${today.day}-${today.month}-${today.year}`;
    const unnamed = `TRF CLIENTE SEM REF ${Date.now()}`;
    const statement = [
      "Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo",
      `${day};${day};TRF ${named!.paymentReference} CLIENTE EXTRATO;;${bankAmount(named!.totalAmount)};1.250.000,00`,
      `${day};${day};${unnamed};;${bankAmount(other!.totalAmount)};1.300.000,00`,
      `${day};${day};COMPRA TPA SUPERMERCADO;12.500,00;;1.287.500,00`,
    ].join("\n");

    const page = await consoleSignIn(shop, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/bank-statement-lines`);
    await page.getByRole("button", { name: "Importar extrato" }).waitFor({ timeout: 20_000 });

    await page
      .getByTestId("statement-file")
      .setInputFiles({ name: "extrato-bai.csv", mimeType: "text/csv", buffer: Buffer.from(statement) });
    const result = page.getByTestId("statement-result");
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toMatch(
      /linhas novas: 2 \(registadas nos pedidos: 1, por tratar: 1\) · já importadas: 0 · sem crédito \(débitos, saldos\): 1/,
    );
    expect(await result.getByTestId("statement-mapping-used").innerText()).toBe("Reconhecidas pelos nomes das colunas.");

    // The waiting line is listed (the default tab), with why it waits; nothing is wider than the phone.
    const waiting = page.getByTestId("statement-line").filter({ hasText: unnamed });
    await waiting.waitFor({ timeout: 20_000 });
    expect(await waiting.getByTestId("line-problem").innerText()).toMatch(/nenhuma encomenda/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The named order was confirmed by the statement.
    await page.getByRole("tab", { name: "Conciliadas" }).click();
    const matched = page.getByTestId("statement-line").filter({ hasText: named!.paymentReference! });
    await matched
      .getByTestId("line-order")
      .getByText(`#${shortOrderId(named!._id)}`)
      .waitFor({ timeout: 20_000 });
    expect((await orders()).find((o) => o._id === named!._id)?.status).toBe("Pagamento Confirmado");

    // The owner assigns the waiting line to the other order by its payment reference.
    await page.getByRole("tab", { name: "Por tratar" }).click();
    await waiting.getByRole("button", { name: "Atribuir a um pedido" }).click();
    const dialog = page.getByTestId("assign-dialog");
    await dialog.getByTestId("assign-order").fill(other!.paymentReference!);
    await dialog.getByRole("button", { name: "Registar pagamento" }).click();
    await page.getByText(`Pagamento registado no pedido #${shortOrderId(other!._id)}`).waitFor({ timeout: 20_000 });
    await waiting.waitFor({ state: "detached", timeout: 20_000 });
    expect((await orders()).find((o) => o._id === other!._id)?.status).toBe("Pagamento Confirmado");

    // Imported again: nothing new, nothing recorded twice.
    await page
      .getByTestId("statement-file")
      .setInputFiles({ name: "extrato-bai.csv", mimeType: "text/csv", buffer: Buffer.from(statement) });
    await page
      .getByTestId("statement-result")
      .getByText(/novas: 0 .* já importadas: 2/)
      .waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it("a bank with other column names is mapped once, the import names the mapping, and the owner deletes it", async () => {
    // A header of this run's own: no other file's statement is read with this mapping.
    const run = Date.now().toString(36);
    const header = `Dia;Texto ${run};Entrada;Saldo`;
    const statement = (description: string) => [header, `20-11-2026;${description};1.000,00;9.000,00`].join("\n");
    const page = await consoleSignIn(shop, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${shop.url}/admin/#/bank-statement-lines`);
    await page.getByRole("button", { name: "Importar extrato" }).waitFor({ timeout: 20_000 });
    await page
      .getByTestId("statement-file")
      .setInputFiles({ name: "extrato-outro.csv", mimeType: "text/csv", buffer: Buffer.from(statement(`DEPOSITO ${run} A`)) });
    const dialog = page.getByTestId("mapping-dialog");
    await dialog.waitFor({ timeout: 30_000 });
    const pick = async (label: RegExp, option: string) => {
      await dialog.getByRole("combobox", { name: label }).click();
      await page.getByRole("option", { name: option, exact: true }).click();
    };
    await pick(/Data do movimento/, "Dia");
    await pick(/Descritivo/, `Texto ${run}`);
    await pick(/Crédito/, "Entrada");
    await dialog.getByRole("button", { name: "Importar com estas colunas" }).click();
    const result = page.getByTestId("statement-result");
    await result
      .getByTestId("statement-mapping-used")
      .getByText(/Correspondência de colunas guardada agora por/)
      .waitFor({ timeout: 30_000 });
    expect(await result.getByTestId("statement-columns").innerText()).toContain("crédito «Entrada»");

    // The next statement of that bank is read with it, and says so.
    await page
      .getByTestId("statement-file")
      .setInputFiles({ name: "extrato-outro-2.csv", mimeType: "text/csv", buffer: Buffer.from(statement(`DEPOSITO ${run} B`)) });
    await result
      .getByTestId("statement-mapping-used")
      .getByText(/Lidas com a correspondência de colunas guardada por/)
      .waitFor({
        timeout: 30_000,
      });

    // The owner deletes it with their password; nothing is wider than the phone.
    await page.getByTestId("statement-mappings-link").click();
    const card = page.getByTestId("statement-mapping").filter({ hasText: `Texto ${run}` });
    await card.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole("button", { name: "Apagar" }).click();
    const confirm = page.getByTestId("delete-mapping-dialog");
    await confirm.getByTestId("mapping-password").fill(E2E_ADMIN.password);
    await confirm.getByRole("button", { name: "Apagar" }).click();
    await card.waitFor({ state: "detached", timeout: 20_000 });
    await page.context().close();
  });
});
