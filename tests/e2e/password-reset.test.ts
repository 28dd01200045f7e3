// "Esqueceu sua senha?" end to end in Chromium against the real shop process: the shopper asks for a link, the
// link is read from the mail the shop wrote to its outbox, a new password is set on /reset-password, and then
// the new password signs in, the old one fails, and a session opened before (its token) is refused.
// The shop runs on the embedded database, which one process holds at a time: the outbox is read between a stop
// and a restart of the shop on the same data directory (tokens survive restarts: the secret lives there too).
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launchBrowser } from "../helpers/browser.ts";
import { freshDataDir, startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { expectToast, phonePage } from "../storefront/browser-support.ts";
import { openPglite } from "../../server/db/client.ts";

describe.runIf(browserAvailable())("password reset", () => {
  const dataDir = freshDataDir();
  let shop: ShopProcess;
  let browser: Browser;
  const email = `recuperar.${Date.now()}@exemplo.ao`;
  const oldPassword = "senha-antiga-segura-1";
  const newPassword = "senha-nova-segura-2";

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShopProcess({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${shop.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  /** The link of the last reset mail to `to`, read from the outbox while the shop is stopped. */
  async function resetLinkFromOutbox(to: string): Promise<string> {
    await shop.stop();
    const db = await openPglite(dataDir);
    try {
      const rows = await db.query<{ text: string }>(
        "SELECT text FROM outbox_mails WHERE kind = 'password-reset' AND \"to\" = $1 ORDER BY created_at DESC LIMIT 1",
        [to],
      );
      const link = /https?:\/\/\S+?(\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(rows[0]?.text ?? "");
      expect(link, JSON.stringify(rows)).not.toBeNull();
      return link![1]!;
    } finally {
      await db.close();
      shop = await startShopProcess({ dataDir });
    }
  }

  it("sets a new password from the e-mailed link; the old password and the old session stop working", async () => {
    expect((await post("/api/user/register", { name: "Recuperação", email, password: oldPassword })).status).toBe(200);
    const oldSession = ((await (await post("/api/user/login", { email, password: oldPassword })).json()) as { token: string }).token;
    expect((await post("/api/cart/get", {}, oldSession)).status).toBe(200);

    let page = await phonePage(browser);
    await page.goto(`${shop.url}/login`);
    await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Enviar o link" }).click();
    await page
      .getByText("Se existir uma conta com este e-mail, enviámos um link para criar uma nova palavra-passe.", { exact: false })
      .waitFor();
    await page.context().close();
    // The mail is written just after the answer (so the answer's timing says nothing): give it a moment.
    await new Promise((r) => setTimeout(r, 1500));

    const link = await resetLinkFromOutbox(email);
    page = await phonePage(browser);
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
