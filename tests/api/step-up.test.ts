// What hands out money or power needs the acting admin's own password, so a stolen admin session is not enough:
// creating any staff account, promoting to admin (or making an admin active again), setting an admin's password or one's own,
// changing the shop's contacts or alert addresses (the bank details already did). Staff names are unique, and the
// settings audit shows name and e-mail, so a look-alike "Administrador (demo)" cannot hide in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { expectError } from "./admin-fixtures.ts";
import type { AdminSettings } from "../../server/schemas/admin-settings.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const call = (method: "POST" | "PUT" | "GET", url: string, payload?: object, auth = admin.auth) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/admin/api/auth/login", payload: { email, password } });
const ADMIN_NEEDED = "Confirme a sua palavra-passe para dar acesso de administrador";

describe("creating and promoting admins", () => {
  it("a stolen admin token cannot create a second admin; the real admin's password can", async () => {
    const body = { name: `Intruso ${uniqueEmail()}`, email: uniqueEmail("intruso"), role: "admin", password: "senha-do-intruso-1" };
    expectError(await call("POST", "/staff", body), 403, ADMIN_NEEDED);
    expectError(await call("POST", "/staff", { ...body, currentPassword: "adivinhada-1" }), 403, ADMIN_NEEDED);
    expect((await signIn(body.email, body.password)).statusCode).toBe(400);
    const created = await call("POST", "/staff", { ...body, currentPassword: admin.password });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ role: "admin", email: body.email });
  });

  it("a stolen admin token cannot create a support account either (support records payments and reads every chat)", async () => {
    const body = { name: `Suporte ${uniqueEmail()}`, email: uniqueEmail("suporte"), role: "support", password: "senha-suporte-1" };
    const STAFF_NEEDED = "Confirme a sua palavra-passe para criar uma conta da equipa";
    expectError(await call("POST", "/staff", body), 403, STAFF_NEEDED);
    expectError(await call("POST", "/staff", { ...body, currentPassword: "adivinhada-1" }), 403, STAFF_NEEDED);
    expect((await signIn(body.email, body.password)).statusCode).toBe(400);
    const res = await call("POST", "/staff", { ...body, currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: "support", email: body.email });
  });

  it("promoting support to admin, or reactivating an admin, needs it", async () => {
    const agent = await createStaff(t, "support");
    expectError(await call("PUT", `/staff/${agent.userId}`, { role: "admin" }), 403, ADMIN_NEEDED);
    expect((await call("GET", `/staff/${agent.userId}`)).json().role).toBe("support");
    expect((await call("PUT", `/staff/${agent.userId}`, { role: "admin", currentPassword: admin.password })).statusCode).toBe(200);
    expect((await call("PUT", `/staff/${agent.userId}`, { active: false })).statusCode).toBe(200);
    expectError(await call("PUT", `/staff/${agent.userId}`, { active: true }), 403, ADMIN_NEEDED);
    expect((await call("PUT", `/staff/${agent.userId}`, { active: true, currentPassword: admin.password })).statusCode).toBe(200);
  });

  it("wrong passwords are throttled like sign-ins", async () => {
    const other = await createStaff(t, "admin");
    const agent = await createStaff(t, "support");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call("PUT", `/staff/${agent.userId}`, { role: "admin", currentPassword: `errada-${i}` }, other.auth)).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("passwords", () => {
  it("one's own password changes only with the current one", async () => {
    const me = await createStaff(t, "admin");
    expectError(
      await call("PUT", `/staff/${me.userId}`, { password: "tomada-de-conta-1" }, me.auth),
      403,
      "Confirme a sua palavra-passe atual para a alterar",
    );
    expect((await signIn(me.email, me.password)).statusCode).toBe(200);
    const res = await call("PUT", `/staff/${me.userId}`, { password: "minha-nova-senha-1", currentPassword: me.password }, me.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(me.email, "minha-nova-senha-1")).statusCode).toBe(200);
  });

  it("another admin's password needs the actor's; a support agent's does not", async () => {
    const colleague = await createStaff(t, "admin");
    const agent = await createStaff(t, "support");
    expectError(await call("PUT", `/staff/${colleague.userId}`, { password: "tomada-de-conta-2" }), 403);
    expect(
      (await call("PUT", `/staff/${colleague.userId}`, { password: "tomada-de-conta-2", currentPassword: admin.password })).statusCode,
    ).toBe(200);
    expect((await call("PUT", `/staff/${agent.userId}`, { password: "nova-senha-suporte-1" })).statusCode).toBe(200);
  });
});

describe("staff names", () => {
  it("are unique, in any case, on create and rename", async () => {
    const name = `Administrador (demo) ${uniqueEmail()}`;
    const body = { role: "support", password: "senha-suporte-1", currentPassword: admin.password };
    expect((await call("POST", "/staff", { ...body, name, email: uniqueEmail() })).statusCode).toBe(200);
    const taken = "Já existe um membro da equipa com este nome";
    expectError(await call("POST", "/staff", { ...body, name: name.toUpperCase(), email: uniqueEmail() }), 409, taken);
    const agent = await createStaff(t, "support");
    expectError(await call("PUT", `/staff/${agent.userId}`, { name: ` ${name} ` }), 409, taken);
  });
});

describe("shop contacts and alert addresses", () => {
  const CONTACTS_NEEDED = "Confirme a sua palavra-passe para alterar os contactos da loja ou os alertas por email";
  const settings = async () => (await call("GET", "/settings/1")).json() as AdminSettings;
  const form = async () => {
    const s = await settings();
    return {
      phones: s.phones.length === 3 ? s.phones : ["+244 923 000 001", "+244 923 000 002", "+244 923 000 003"],
      emails: s.emails.length >= 2 ? s.emails : ["geral@loja.ao", "info@loja.ao"],
      addresses: s.addresses.length ? s.addresses : ["Rua 1, Luanda"],
      bankName: s.bankName || "BAI",
      accountHolder: s.accountHolder || "Loja",
      accountNumber: s.accountNumber || "1",
      iban: s.iban || "AO06004000001234567810142",
      staffAlertEmails: s.staffAlertEmails,
    };
  };

  beforeAll(async () => {
    const res = await call("PUT", "/settings/1", { ...(await form()), currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ["alert addresses", { staffAlertEmails: ["atacante@evil.example"] }],
    ["phones", { phones: ["+244 900 000 001", "+244 900 000 002", "+244 900 000 003"] }],
    ["e-mails", { emails: ["atacante@evil.example", "info@evil.example"] }],
    ["addresses", { addresses: ["Outra rua, Luanda"] }],
  ])("%s change only with the password, and the audit names who by name and e-mail", async (_label, change) => {
    const before = await form();
    expectError(await call("PUT", "/settings/1", { ...before, ...change }), 403, CONTACTS_NEEDED);
    expect(await form()).toEqual(before);
    const res = await call("PUT", "/settings/1", { ...before, ...change, currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    const [last] = (await settings()).changes;
    expect(last!.by).toEqual({ id: admin.userId, name: "Admin Teste", email: admin.email });
  });

  it("the payment deadline alone needs no password", async () => {
    expect((await call("PUT", "/settings/1", { ...(await form()), paymentDeadlineHours: 36 })).statusCode).toBe(200);
  });
});
