// AppyPay's HTTP client against the local stand-in: the OAuth2 client-credentials sign-in, one token kept and
// shared until it nears its expiry, a revoked token renewed once, and every failure as an AppyPayError.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppyPayClient, AppyPayError } from "../../server/integrations/appypay/client.ts";
import { loadConfig } from "../../server/config.ts";
import { AppyPayStandin, STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, STANDIN_RESOURCE } from "../helpers/appypay-standin.ts";

let standin: AppyPayStandin;
beforeAll(async () => {
  standin = await new AppyPayStandin().start();
  standin.route("GET", /^\/echo\/(\w+)$/, (call, match) => [200, { id: match[1], q: call.query.get("q") }]);
  standin.route("POST", /^\/charges$/, (call) => [202, { id: "c1", echo: call.body, accept: call.accept }]);
  standin.route("POST", /^\/refused$/, () => [400, { responseStatus: { successful: false, code: 400, message: "Invalid amount" } }]);
});
afterAll(() => standin.stop());

const client = (timeoutMs?: number) => {
  const config = loadConfig({ DATA_DIR: "/tmp/unused", ...standin.env() }).appypay!;
  return new AppyPayClient(config, timeoutMs);
};
const signIns = () => standin.calls.filter((c) => c.path === "/oauth2/token").length;

describe("AppyPay's client", () => {
  it("signs in with the client credentials grant as a form, then calls the API with the bearer token", async () => {
    standin.calls = [];
    const answer = await client().request("GET", "/echo/abc", { query: { q: "1 2" } });
    expect(answer).toEqual({ status: 200, body: { id: "abc", q: "1 2" } });
    const [signIn, call] = standin.calls;
    expect(signIn).toMatchObject({ method: "POST", path: "/oauth2/token", contentType: "application/x-www-form-urlencoded" });
    expect(signIn!.body).toEqual({
      grant_type: "client_credentials",
      client_id: STANDIN_CLIENT_ID,
      client_secret: STANDIN_CLIENT_SECRET,
      resource: STANDIN_RESOURCE,
    });
    expect(call!.authorization).toMatch(/^Bearer .+/);
  });

  it("keeps one token for every call until it nears its expiry, and signs in once for calls made at the same moment", async () => {
    standin.calls = [];
    const c = client();
    await Promise.all(Array.from({ length: 5 }, () => c.request("GET", "/echo/x")));
    await c.request("GET", "/echo/y");
    expect(signIns()).toBe(1);
    // A token that lasts less than the renewal margin is renewed at every call.
    standin.tokenTtlSeconds = 60;
    const short = client();
    await short.request("GET", "/echo/a");
    await short.request("GET", "/echo/b");
    expect(signIns()).toBe(3);
    standin.tokenTtlSeconds = 3600;
  });

  it("renews a revoked token once and makes the call again", async () => {
    const c = client();
    await c.request("GET", "/echo/before");
    standin.revokeTokens();
    standin.calls = [];
    expect((await c.request("GET", "/echo/after")).status).toBe(200);
    expect(standin.calls.map((x) => x.path)).toEqual(["/v2.0/echo/after", "/oauth2/token", "/v2.0/echo/after"]);
  });

  it("sends a JSON body with the endpoint's own Accept header and answers 202", async () => {
    const answer = await client().request("POST", "/charges", { body: { amount: 100 }, accept: "application/vnd.appypay.asyncapi+json" });
    expect(answer).toEqual({ status: 202, body: { id: "c1", echo: { amount: 100 }, accept: "application/vnd.appypay.asyncapi+json" } });
  });

  it("throws AppyPayError with AppyPay's own message for a refusal, a status for an outage, and 0 for no answer", async () => {
    const refused = await client()
      .request("POST", "/refused", { body: {} })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppyPayError);
    expect(refused).toMatchObject({ status: 400, providerMessage: "Invalid amount" });
    standin.down = true;
    await expect(client().request("GET", "/echo/x")).rejects.toMatchObject({ status: 503 });
    standin.down = false;
    standin.authDown = true;
    await expect(client().request("GET", "/echo/x")).rejects.toMatchObject({ status: 503, message: /credenciais/ });
    standin.authDown = false;
    standin.delayMs = 300;
    await expect(client(100).request("GET", "/echo/x")).rejects.toMatchObject({ status: 0, message: /sem resposta/ });
    standin.delayMs = 0;
  });
});

describe("AppyPay's configuration", () => {
  const base = { DATA_DIR: "/tmp/unused" };
  const creds = { APPYPAY_CLIENT_ID: "id", APPYPAY_CLIENT_SECRET: "secret", APPYPAY_RESOURCE: STANDIN_RESOURCE };
  it("is off without its variables, and needs the three credentials together", () => {
    expect(loadConfig(base).appypay).toBeUndefined();
    expect(loadConfig(base).fiscalProvider).toBeUndefined();
    expect(() => loadConfig({ ...base, APPYPAY_CLIENT_ID: "id" })).toThrow(/missing: APPYPAY_CLIENT_SECRET, APPYPAY_RESOURCE/);
    expect(loadConfig({ ...base, ...creds }).appypay).toMatchObject({
      authUrl: "https://login.microsoftonline.com/auth.appypay.co.ao/oauth2/token",
      apiUrl: "https://gwy-api.appypay.co.ao/v2.0",
      gpoMethod: undefined,
      reconcileMs: 120_000,
    });
  });

  it("offers Multicaixa Express only with a GPO method and the webhook's secret", () => {
    expect(() => loadConfig({ ...base, ...creds, APPYPAY_GPO_METHOD: "GPO_abc" })).toThrow(/APPYPAY_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, ...creds, APPYPAY_GPO_METHOD: "MCX" })).toThrow(/GPO_<key>/);
    expect(() => loadConfig({ ...base, ...creds, APPYPAY_GPO_METHOD: "GPO_abc", APPYPAY_WEBHOOK_SECRET: "short" })).toThrow(/16 to 256/);
    expect(() => loadConfig({ ...base, APPYPAY_GPO_METHOD: "GPO_abc" })).toThrow(/need APPYPAY_CLIENT_ID/);
    const on = loadConfig({ ...base, ...creds, APPYPAY_GPO_METHOD: "GPO_abc-1", APPYPAY_WEBHOOK_SECRET: "s".repeat(24) });
    expect(on.appypay).toMatchObject({ gpoMethod: "GPO_abc-1", webhookSecret: "s".repeat(24) });
  });

  it("issues fiscal documents through AppyPay only with FISCAL_PROVIDER=appypay and its credentials", () => {
    expect(() => loadConfig({ ...base, FISCAL_PROVIDER: "appypay" })).toThrow(/needs APPYPAY_CLIENT_ID/);
    expect(() => loadConfig({ ...base, ...creds, FISCAL_PROVIDER: "primavera" })).toThrow(/must be "appypay"/);
    expect(loadConfig({ ...base, ...creds, FISCAL_PROVIDER: "appypay" }).fiscalProvider).toBe("appypay");
  });
});
