// "Esqueceu sua senha?" end to end in Chromium against the real shop process: the shopper asks for a link, the
// link is read from the mail the shop wrote to its outbox (as staff see it on the console's outbox page), a new
// password is set on /reset-password, and then the new password signs in, the old one fails, and a session opened
// before (its token) is refused.
import { describe, expect, it } from "vitest";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { expectToast, phonePage, staffToken } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("password reset", () => {
  const shop = useShopAndBrowser();
  const email = `recuperar.${Date.now()}@exemplo.ao`;
  const oldPassword = "senha-antiga-segura-1";
  const newPassword = "senha-nova-segura-2";

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${shop.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  /**
   * The link of the reset mail to `to`, from the outbox through the console's API. The mail is written just after
   * the answer (so the answer's timing says nothing): the outbox is asked until it is there.
   */
  async function resetLinkFromOutbox(to: string): Promise<string> {
    const staff = await staffToken(shop.url);
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${shop.url}${path}`, { headers: { authorization: `Bearer ${staff}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const list = `/admin/api/outbox?filter=${encodeURIComponent(JSON.stringify({ q: to }))}`;
    let mails: { id: string; kind: string; to: string }[] = [];
    await expect
      .poll(async () => (mails = (await get<typeof mails>(list)).filter((m) => m.kind === "password-reset" && m.to === to)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const { text } = await get<{ text: string }>(`/admin/api/outbox/${mails[0]!.id}`);
    const link = /https?:\/\/\S+?(\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(text);
    expect(link, text).not.toBeNull();
    return link![1]!;
  }

  it("sets a new password from the e-mailed link; the old password and the old session stop working", async () => {
    expect((await post("/api/user/register", { name: "Recuperação", email, password: oldPassword })).status).toBe(200);
    const oldSession = ((await (await post("/api/user/login", { email, password: oldPassword })).json()) as { token: string }).token;
    expect((await post("/api/cart/get", {}, oldSession)).status).toBe(200);

    let page = await phonePage(shop.browser);
    await page.goto(`${shop.url}/login`);
    await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Enviar o link" }).click();
    await page
      .getByText("Se existir uma conta com este e-mail, enviámos um link para criar uma nova palavra-passe.", { exact: false })
      .waitFor();
    await page.context().close();

    const link = await resetLinkFromOutbox(email);
    page = await phonePage(shop.browser);
    await page.goto(`${shop.url}${link}`);
    await page.getByText("Pelo menos 8 caracteres", { exact: false }).waitFor();
    await page.getByLabel("Nova palavra-passe").fill(newPassword);
    await page.getByRole("button", { name: "Guardar a nova palavra-passe" }).click();
    await expectToast(page, "Palavra-passe alterada. Já pode entrar com a nova palavra-passe.");
    await page.waitForURL(/\/login$/);

    // The old password fails with the server's message, the new one signs in.
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password" }).fill(oldPassword);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectToast(page, "Email ou palavra-passe inválidos");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.getByRole("textbox", { name: "Password" }).fill(newPassword);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectToast(page, "Login realizado com sucesso!");
    await page.waitForURL(`${shop.url}/`);
    await page.context().close();

    // The session opened before the reset is over; the link works only once.
    expect((await post("/api/cart/get", {}, oldSession)).status).toBe(401);
    const again = await post("/api/user/reset-password", {
      token: new URL(link, shop.url).searchParams.get("token"),
      password: "mais-uma-senha-3",
    });
    expect(await again.json()).toEqual({ success: false, message: "Este link já não é válido. Peça um novo." });
  });
});
