// "Esqueceu sua senha?" end to end in Chromium against the real shop process: the shopper asks for a link, the
// link is read from the mail the shop sent (a real SMTP server in the test process: the outbox never shows the
// token), a new password is set on /reset-password, and then the new password signs in, the old one fails, and a
// session opened before (its token) is refused.
import { afterAll, describe, expect, it } from "vitest";
import { browserAvailable, useShopAndBrowser } from "../helpers/e2e.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { expectToast, phonePage } from "../storefront/browser-support.ts";

describe.runIf(browserAvailable())("password reset", () => {
  let sink: SmtpSink | undefined;
  // Its own shop: it sends mail to this file's SMTP server.
  const shop = useShopAndBrowser({
    ownShop: async () => {
      sink = await startSmtpSink();
      return { env: { SMTP_URL: sink.url } };
    },
  });
  afterAll(() => sink?.close());
  const email = `recuperar.${Date.now()}@exemplo.ao`;
  const oldPassword = "senha-antiga-segura-1";
  const newPassword = "senha-nova-segura-2";

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${shop.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  /** The link of the reset mail the shop sent to `to` (the only mail this shop sends; written just after the answer). */
  async function resetLinkFromMail(to: string): Promise<string> {
    await sink!.waitForCount(1, 20_000);
    const mail = sink!.messages.find((m) => m.to.includes(to));
    const link = /https?:\/\/\S+?(\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
    expect(link, JSON.stringify(mail)).not.toBeNull();
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

    const link = await resetLinkFromMail(email);
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
