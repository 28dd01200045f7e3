// Absolute links come from the shop's configured address alone. A forged Host or X-Forwarded-Host on
// forgot-password (even behind a trusted proxy) never reaches a mail; without PUBLIC_URL the links stay on
// http://localhost:PORT; a deployment refuses to start without it, while `npm start` on one machine still starts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { listen, waitFor } from "./chat-fixtures.ts";
import { checkPublicUrl, ConfigError, loadConfig } from "../../server/config.ts";

const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe.each<{ label: string; env: Record<string, string>; origin: (port: number) => string }>([
  { label: "with PUBLIC_URL", env: { PUBLIC_URL: "https://loja.exemplo.ao" }, origin: () => "https://loja.exemplo.ao" },
  {
    label: "without PUBLIC_URL, behind a trusted proxy",
    env: { TRUST_PROXY: "127.0.0.1" },
    origin: (port: number) => `http://localhost:${port}`,
  },
])("forgot-password $label", ({ env, origin }) => {
  let t: TestApp;
  let sink: SmtpSink;
  let port: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ env: { ...env, SMTP_URL: sink.url, MAIL_RETRY_SECONDS: "1" } });
    port = Number(new URL((await listen(t.app)).replace("ws:", "http:")).port);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("mails a link on the shop's address, whatever Host and X-Forwarded-Host say", async () => {
    const staff = await createStaff(t, "admin");
    const shopper = uniqueEmail();
    await t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Ana", email: shopper, password: "senha-segura-1" } });
    for (const email of [staff.email, shopper]) {
      // Over the socket, so the proxy headers are read as a real proxy's would be.
      const res = await fetch(`http://127.0.0.1:${port}/api/user/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json", ...FORGED },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
    }
    await waitFor(() => sink.messages.length >= 2, 15_000, "both reset mails sent");
    for (const mail of sink.messages) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain("evil.example");
      expect(mail.text).toContain(`${origin(port)}/reset-password?token=`);
    }
    const stored = await t.prisma.outboxMail.findMany();
    for (const row of stored) expect(JSON.stringify(row)).not.toContain("evil.example");
  });

  it("builds page links on it too", async () => {
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml", headers: FORGED });
    expect(sitemap.body).not.toContain("evil.example");
    expect(sitemap.body).toContain(`<loc>${origin(port)}/collection</loc>`);
  });
});

describe("starting without PUBLIC_URL", () => {
  const start =
    (env: Record<string, string>, nodeEnvDefaulted = false) =>
    () =>
      checkPublicUrl(loadConfig({ JWT_SECRET: "Vx9#kQ2!mR7$wL4@pZ8&nB3^tY6*hJ1%cF5", ...env }), env, nodeEnvDefaulted);

  it("is refused in production, with one line naming the variable", () => {
    expect(start({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(start({ NODE_ENV: "production" })).toThrow(/^PUBLIC_URL is required in production[^\n]*$/);
    expect(start({ DATABASE_URL: "postgresql://u@h/db" })).toThrow(/^PUBLIC_URL is required/);
    expect(start({ DATABASE_URL: "postgresql://u@h/db" }, true)).toThrow(/^PUBLIC_URL is required/);
  });

  it("is allowed for local use: npm start's own production default, development and tests", () => {
    expect(start({ NODE_ENV: "production" }, true)).not.toThrow();
    expect(start({})).not.toThrow();
    expect(start({ NODE_ENV: "production", DATABASE_URL: "postgresql://u@h/db", PUBLIC_URL: "https://loja.exemplo.ao" })).not.toThrow();
  });
});
