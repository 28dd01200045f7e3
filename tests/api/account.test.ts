// The shopper's account page. Name, identities shown, a saved address (checkout's rules) and
// notification choices; only for the signed-in owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, expectError } from "./commerce-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const account = (auth: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/user/account", headers: auth });
const patch = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: "/api/user/account", headers: auth, payload: payload as object });

describe("/api/user/account", () => {
  it("shows the owner's name, e-mail, no address yet and both notifications on", async () => {
    const c = await registerCustomer(t.app, { name: "Ana Conta" });
    const res = await account(c.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      success: true,
      account: {
        name: "Ana Conta",
        email: c.email,
        phone: null,
        savedAddress: null,
        nif: null,
        notifyEmail: true,
        notifyPush: true,
        whatsappOptIn: false,
        smsOptIn: false,
        // No phone confirmed, and this shop sends neither WhatsApp nor SMS: no code can be asked for.
        verifiedPhones: [],
        phoneCodeChannels: [],
      },
    });
  });

  it("takes the WhatsApp and SMS choices, each stored with the moment it was given or withdrawn", async () => {
    const c = await registerCustomer(t.app);
    const before = Date.now();
    const on = await patch(c.auth, { whatsappOptIn: true, smsOptIn: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().account).toMatchObject({ whatsappOptIn: true, smsOptIn: true });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: c.userId } });
    expect(row.whatsappOptInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.smsOptInAt).not.toBeNull();
    const off = await patch(c.auth, { whatsappOptIn: false });
    expect(off.json().account).toMatchObject({ whatsappOptIn: false, smsOptIn: true });
    expectError(await patch(c.auth, { whatsappOptIn: "sim" }), 400);
  });

  it("saves a name, an address that passes checkout's rules, and the notification choices; clears the address", async () => {
    const c = await registerCustomer(t.app);
    const res = await patch(c.auth, { name: "  Ana Nova ", savedAddress: { ...ADDRESS, street: "  Rua 1 " }, notifyEmail: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account).toMatchObject({
      name: "Ana Nova",
      savedAddress: { ...ADDRESS, street: "Rua 1" },
      notifyEmail: false,
      notifyPush: true,
    });
    expect((await account(c.auth)).json().account.savedAddress.street).toBe("Rua 1");
    const cleared = await patch(c.auth, { savedAddress: null });
    expect(cleared.json().account.savedAddress).toBeNull();
  });

  it("refuses an address checkout would refuse, a blank name, identities and unknown fields, without changing anything", async () => {
    const c = await registerCustomer(t.app, { name: "Sem Mudança" });
    expectError(await patch(c.auth, { savedAddress: { ...ADDRESS, zipcode: "abc" } }), 400);
    expectError(await patch(c.auth, { savedAddress: { ...ADDRESS, city: "" } }), 400);
    expectError(await patch(c.auth, { name: "   " }), 400, "Nome é obrigatório");
    expectError(await patch(c.auth, { email: "outro@exemplo.ao" }), 400);
    expect((await account(c.auth)).json().account).toMatchObject({ name: "Sem Mudança", savedAddress: null });
  });

  it("answers 401 without a session, and after logout", async () => {
    expectError(await account({}), 401);
    expectError(await patch({}, { name: "x" }), 401);
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: "POST", url: "/api/user/logout", headers: c.auth });
    expectError(await account(c.auth), 401);
  });
});
