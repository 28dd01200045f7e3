// The session rules (docs/product/accounts.md#the-session) in Chromium against the real shop: a dead token logs the shopper out
// with the expiry notice, wrong credentials show the server's message, Logout forgets the token, and a guest
// cart is merged into the account once even when the page reloads during the merge.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { expectToast, phonePage } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("storefront session", () => {
  const shop = useShopAndBrowser();
  const email = `sessao.${Date.now()}@exemplo.ao`;
  const password = "senha-segura-1";

  beforeAll(async () => {
    const res = await fetch(`${shop.url}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Sessão", email, password }),
    });
    expect(res.status).toBe(200);
  });

  /**
   * Puts a token in the shop's storage, as a previous visit would have. The page written from must have started
   * its app first: the app starts after the page's load event (storefront/paint-first.ts), and an app starting
   * after the write would act on the token there (a forged one: log out and toast on a page about to be left).
   */
  async function storeToken(page: Page, token: string): Promise<void> {
    await page.goto(`${shop.url}/privacypolicy`);
    await page.locator("h1").first().waitFor();
    await page.evaluate((t) => localStorage.setItem("token", t), token);
  }

  it("an expired or forged token is cleared, with 'Sessão expirada…', and the shopper lands on /login", async () => {
    const page = await phonePage(shop.browser);
    await storeToken(page, "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.forged");
    await page.goto(`${shop.url}/orders`);
    await expectToast(page, "Sessão expirada. Por favor, faça login novamente.");
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.context().close();
  });

  it("wrong credentials show the server's message and keep the shopper on /login", async () => {
    const page = await phonePage(shop.browser);
    await page.goto(`${shop.url}/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password" }).fill("errada");
    const reply = page.waitForResponse((r) => r.url().endsWith("/api/user/login"));
    await page.getByRole("button", { name: "Entrar" }).click();
    const { message } = (await (await reply).json()) as { message: string };
    expect(message).toBeTruthy();
    await expectToast(page, message);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.context().close();
  });

  it("signing in stores the token and goes home; Logout removes it and goes to /login", async () => {
    const page = await phonePage(shop.browser);
    await page.goto(`${shop.url}/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectToast(page, "Login realizado com sucesso!");
    await page.waitForURL(`${shop.url}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    await page.getByRole("button", { name: "Perfil" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // Orders now need a new sign-in.
    await page.goto(`${shop.url}/orders`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it("a signed-in shopper with no orders sees 'Nenhum pedido encontrado'", async () => {
    const page = await phonePage(shop.browser);
    const login = await fetch(`${shop.url}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await login.json()) as { token: string };
    await storeToken(page, token);
    await page.goto(`${shop.url}/orders`);
    await page.getByText("Nenhum pedido encontrado").waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it("a guest cart merged at sign-in counts once when the page reloads before the merge's answer arrives", async () => {
    const shopper = { name: "Recarga", email: `recarga.${Date.now()}@exemplo.ao`, password };
    const registered = await fetch(`${shop.url}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(shopper),
    });
    const { token } = (await registered.json()) as { token: string };
    const { products } = (await (await fetch(`${shop.url}/api/product/list`)).json()) as { products: { _id: string; sizes: string[] }[] };
    const p = products.find((x) => x.sizes.length > 0)!;
    const page = await phonePage(shop.browser);
    await storeToken(page, token);
    await page.evaluate((cart) => localStorage.setItem("guestCart", JSON.stringify(cart)), { [p._id]: { [p.sizes[0]!]: 1 } });
    // The first merge reaches the server and is applied, but its answer never reaches the page (slow 3G, a reload).
    let merged!: () => void;
    const firstMergeApplied = new Promise<void>((resolve) => (merged = resolve));
    // The answer is then dropped (aborted), never left pending: a pending request let go by unroute() would still
    // reach the page before the reload.
    await page.route("**/api/cart/merge", async (route) => {
      await route.fetch();
      merged();
      await route.abort("connectionreset");
    });
    await page.goto(`${shop.url}/`);
    await firstMergeApplied;
    await page.unrouteAll({ behavior: "ignoreErrors" });
    // Reloaded with the guest cart still in storage: the app merges again, with the same key.
    const secondMerge = page.waitForResponse((r) => r.url().endsWith("/api/cart/merge"));
    await page.reload();
    expect((await secondMerge).status()).toBe(200);
    await expect.poll(() => page.getByTestId("cart-count").textContent(), { timeout: 15_000 }).toBe("1");
    expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull();
    const cart = await fetch(`${shop.url}/api/cart/get`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(((await cart.json()) as { cartData: unknown }).cartData).toEqual({ [p._id]: { [p.sizes[0]!]: 1 } });
    await page.context().close();
  });

  it("the Stripe return page asks the server, which decides: an order it cannot verify sends the shopper to /cart", async () => {
    const page = await phonePage(shop.browser);
    const login = await fetch(`${shop.url}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await login.json()) as { token: string };
    await storeToken(page, token);
    const verify = page.waitForRequest((r) => r.url().endsWith("/api/order/verifyStripe"));
    // success=true in the query is never trusted: the server finds no paid session for this order.
    await page.goto(`${shop.url}/verify?success=true&orderId=naoexiste123`);
    const request = await verify;
    expect(request.headers()["token"]).toBe(token);
    expect(JSON.parse(request.postData() ?? "{}")).toEqual({ success: "true", orderId: "naoexiste123" });
    await page.waitForURL(/\/cart$/);
    await page.context().close();
  });
});
