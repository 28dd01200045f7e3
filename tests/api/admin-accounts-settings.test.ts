import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder } from "./admin-fixtures.ts";
import type { AdminStaff } from "../../server/schemas/admin-staff.ts";
import type { AdminCustomer } from "../../server/schemas/admin-customers.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, auth = admin.auth) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe("staff management (admin only)", () => {
  it("creates a support member who can then sign in to the console", async () => {
    const email = uniqueEmail("nova");
    const res = await call("POST", "/staff", {
      name: "Nova Agente",
      email: email.toUpperCase(),
      role: "support",
      password: "senha-forte-123",
      currentPassword: admin.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created: AdminStaff = res.json();
    expect(created).toMatchObject({ name: "Nova Agente", email, role: "support", active: true });
    expect(JSON.stringify(created)).not.toContain("argon2");
    const login = await t.app.inject({ method: "POST", url: "/admin/api/auth/login", payload: { email, password: "senha-forte-123" } });
    expect(login.statusCode).toBe(200);
    expectError(
      await call("POST", "/staff", { name: "Outra", email, role: "admin", password: "senha-forte-123" }),
      409,
      "Já existe uma conta com este email",
    );
  });

  it("changes role, resets the password and deactivates, which ends that member's access", async () => {
    const other = await createStaff(t, "support");
    const promoted = await call("PUT", `/staff/${other.userId}`, { role: "admin", name: "Promovida", currentPassword: admin.password });
    expect(promoted.json()).toMatchObject({ role: "admin", name: "Promovida" });
    expect((await call("PUT", `/staff/${other.userId}`, { password: "nova-senha-999", currentPassword: admin.password })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: "POST", url: "/admin/api/auth/login", payload: { email: other.email, password: "nova-senha-999" } }))
        .statusCode,
    ).toBe(200);
    expect((await call("PUT", `/staff/${other.userId}`, { active: false })).json().active).toBe(false);
    expectError(await call("GET", "/orders", undefined, other.auth), 401);
    expectError(
      await t.app.inject({ method: "POST", url: "/admin/api/auth/login", payload: { email: other.email, password: "nova-senha-999" } }),
      400,
    );
  });

  it("lists staff only (never customers) with role filter and Content-Range", async () => {
    await registerCustomer(t.app);
    const res = await call("GET", `/staff?range=[0,99]&filter=${encodeURIComponent('{"role":"support"}')}`);
    const rows: AdminStaff[] = res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.role === "support")).toBe(true);
    expect(res.headers["content-range"]).toMatch(/^staff 0-\d+\/\d+$/);
    const all: AdminStaff[] = (await call("GET", "/staff?range=[0,999]")).json();
    expect(all.every((r) => r.role === "admin" || r.role === "support")).toBe(true);
  });

  it("refuses self-deactivation, self-demotion, short passwords, customer ids and unknown fields", async () => {
    expectError(await call("PUT", `/staff/${admin.userId}`, { active: false }), 400, "Não pode desativar a sua própria conta");
    expectError(await call("PUT", `/staff/${admin.userId}`, { role: "support" }), 400);
    expectError(await call("POST", "/staff", { name: "X", email: uniqueEmail(), role: "support", password: "curta" }), 400);
    expectError(await call("POST", "/staff", { name: "X", email: "nao-e-email", role: "support", password: "senha-forte-1" }), 400);
    expectError(await call("POST", "/staff", { name: "X", email: uniqueEmail(), role: "customer", password: "senha-forte-1" }), 400);
    expectError(
      await call("POST", "/staff", { name: "X", email: uniqueEmail(), role: "admin", password: "senha-forte-1", active: false }),
      400,
    );
    const customer = await registerCustomer(t.app);
    expectError(await call("GET", `/staff/${customer.userId}`), 404);
    expectError(await call("PUT", `/staff/${customer.userId}`, { role: "admin" }), 404);
    expectError(
      await call("POST", "/staff", { name: "X", email: uniqueEmail(), role: "admin", password: "senha-forte-1" }, support.auth),
      403,
    );
  });
});

describe("customers", () => {
  it("lists customers with their order count and money spent (received, net of refunds), and shows one", async () => {
    const c = await registerCustomer(t.app, { name: "Cliente Fiel" });
    const o1 = await makeOrder(t, c.userId, { quantity: 1 });
    await makeOrder(t, c.userId, { status: "Cancelado" });
    const paid = await call("POST", `/orders/${o1.id}/payments`, { amount: o1.totalAmount.toNumber(), bankReference: `BAI-FIEL-${o1.id}` });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await call("GET", `/customers?filter=${encodeURIComponent(JSON.stringify({ q: "fiel" }))}`, undefined, support.auth);
    const rows: AdminCustomer[] = res.json();
    expect(rows.map((r) => r.id)).toEqual([c.userId]);
    expect(rows[0]).toMatchObject({ orderCount: 2, totalSpent: o1.totalAmount.toNumber(), email: c.email });
    expect(res.headers["content-range"]).toBe("customers 0-0/1");
    const one = await call("GET", `/customers/${c.userId}`, undefined, support.auth);
    expect(one.json().name).toBe("Cliente Fiel");
    expectError(await call("GET", `/customers/${support.userId}`), 404);
    const staffRows: AdminCustomer[] = (await call("GET", "/customers?range=[0,999]")).json();
    expect(staffRows.some((r) => r.id === admin.userId)).toBe(false);
  });
});

describe("settings (admin only)", () => {
  const valid = {
    phones: ["+244 923 000 001", "+244 923 000 002", "+244 923 000 003"],
    emails: ["contacto@loja.ao", "contact@loja.ao"],
    addresses: ["Rua A, Luanda", "Rua B, Benguela"],
    bankName: "Banco BAI",
    accountHolder: "Loja Lda",
    accountNumber: "123456789",
    // A valid Angolan IBAN (mod-97), grouped as the API shows it.
    iban: "AO06 0040 0000 1234 5678 1014 2",
  };
  /** Another valid Angolan IBAN. */
  const OTHER_IBAN = "AO13 0055 0000 9999 8888 7777 1";

  it("saves the shop's details, which the storefront's settings then show, and clears the demo flag", async () => {
    // Changing the bank details needs the admin's password.
    const res = await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, ...valid, isDemo: false });
    expect((await call("GET", "/settings/1")).json().bankName).toBe("Banco BAI");
    const shop = (await t.app.inject({ method: "GET", url: "/api/settings" })).json().settings;
    expect(shop).toMatchObject({
      phones: valid.phones,
      emails: valid.emails,
      addresses: valid.addresses,
      isDemo: false,
      bank: { bankName: "Banco BAI", iban: valid.iban },
    });
    const listed = await call("GET", "/settings");
    expect(listed.headers["content-range"]).toBe("settings 0-0/1");
  });

  it("refuses bad settings: two phones, one e-mail, bad e-mail, empty bank fields, extra fields, other ids", async () => {
    expectError(await call("PUT", "/settings/1", { ...valid, phones: valid.phones.slice(0, 2) }), 400);
    expectError(await call("PUT", "/settings/1", { ...valid, emails: ["a@b.ao"] }), 400);
    expectError(await call("PUT", "/settings/1", { ...valid, emails: ["a@b.ao", "nope"] }), 400);
    expectError(await call("PUT", "/settings/1", { ...valid, iban: "" }), 400);
    expectError(await call("PUT", "/settings/1", { ...valid, isDemo: true }), 400);
    expectError(await call("PUT", "/settings/2", valid), 400);
    expectError(await call("PUT", "/settings/1", valid, support.auth), 403);
  });

  it("keeps the staff alert addresses: validated e-mails, stored trimmed and lower-cased once; left out, unchanged", async () => {
    expectError(
      await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, staffAlertEmails: ["gerente@loja.ao", "não é email"] }),
      400,
    );
    const saved = await call("PUT", "/settings/1", {
      ...valid,
      currentPassword: admin.password,
      staffAlertEmails: ["Gerente@Loja.ao", "gerente@loja.ao", "vendas@loja.ao"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().staffAlertEmails).toEqual(["gerente@loja.ao", "vendas@loja.ao"]);
    expect((await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password })).json().staffAlertEmails).toEqual([
      "gerente@loja.ao",
      "vendas@loja.ao",
    ]);
    expect((await call("GET", "/settings/1")).json().changes[0]).toMatchObject({
      field: "staffAlertEmails",
      after: JSON.stringify(["gerente@loja.ao", "vendas@loja.ao"]),
    });
    expect(
      (await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, staffAlertEmails: [] })).json().staffAlertEmails,
    ).toEqual([]);
    const shop = (await t.app.inject({ method: "GET", url: "/api/settings" })).json().settings;
    expect(JSON.stringify(shop)).not.toContain("gerente@loja.ao");
  });

  it("keeps the shop's WhatsApp number in E.164 (with the password), which wa.me links open; empty: the first phone", async () => {
    const publicNumber = async () => (await t.app.inject({ method: "GET", url: "/api/settings" })).json().settings.whatsapp;
    await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, whatsapp: "" });
    expect(await publicNumber()).toBe("244923000001");
    expectError(await call("PUT", "/settings/1", { ...valid, whatsapp: "912 345 678" }), 403);
    expectError(
      await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, whatsapp: "12 34" }),
      400,
      "O número de WhatsApp da loja não é um número de telefone válido",
    );
    const saved = await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, whatsapp: " 912 345 678 " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().whatsapp).toBe("+244912345678");
    expect(await publicNumber()).toBe("244912345678");
    // Left out: unchanged.
    expect((await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password })).json().whatsapp).toBe("+244912345678");
  });

  it("keeps the shop's fiscal data: the NIF checked and stored without spaces, the IVA regime one of two, each change audited", async () => {
    expect((await call("GET", "/settings/1")).json()).toMatchObject({ fiscalCompanyName: "", fiscalNif: "", fiscalVatRegime: "geral" });
    const saved = await call("PUT", "/settings/1", {
      ...valid,
      fiscalCompanyName: "  Loja Exemplo, Lda ",
      fiscalNif: "5417 123.456",
      fiscalVatRegime: "exclusao",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ fiscalCompanyName: "Loja Exemplo, Lda", fiscalNif: "5417123456", fiscalVatRegime: "exclusao" });
    const audited = (await call("GET", "/settings/1")).json().changes.map((c: { field: string }) => c.field);
    expect(audited).toEqual(expect.arrayContaining(["fiscalCompanyName", "fiscalNif", "fiscalVatRegime"]));
    expect((await t.prisma.shopSettings.findUnique({ where: { id: 1 } }))?.fiscalVatRegime).toBe("exclusao");
    expectError(await call("PUT", "/settings/1", { ...valid, fiscalNif: "123" }), 400, /NIF da loja é inválido/);
    expectError(await call("PUT", "/settings/1", { ...valid, fiscalVatRegime: "simplificado" }), 400, /regime de IVA/);
    // Left out: unchanged.
    expect((await call("PUT", "/settings/1", valid)).json()).toMatchObject({ fiscalNif: "5417123456", fiscalVatRegime: "exclusao" });
    expect((await call("PUT", "/settings/1", { ...valid, fiscalNif: "" })).json().fiscalNif).toBe("");
  });

  it("tells every admin by e-mail, once, when the bank details or the contacts change; other fields tell no one", async () => {
    const mails = async () => {
      await t.settled();
      return t.prisma.outboxMail.findMany({ where: { kind: "staff-settings-changed" }, orderBy: { createdAt: "asc" } });
    };
    const already = (await mails()).length;
    const changed = await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password, iban: OTHER_IBAN });
    expect(changed.statusCode, changed.body).toBe(200);
    const told = (await mails()).slice(already);
    expect(told.map((m) => m.to)).toContain(admin.email.toLowerCase());
    expect(told.every((m) => m.subject === "Os dados bancários da loja foram alterados")).toBe(true);
    expect(told[0]!.facts).toMatchObject({ fields: ["IBAN"], bank: true, by: expect.stringContaining("Admin Teste") });
    expect((await call("PUT", "/settings/1", { ...valid, iban: OTHER_IBAN, fiscalCompanyName: "Outra Lda" })).statusCode).toBe(200);
    expect(await mails()).toHaveLength(already + told.length);
    // Back as the other tests expect it.
    expect((await call("PUT", "/settings/1", { ...valid, currentPassword: admin.password })).statusCode).toBe(200);
  });
});

describe("GET /admin/api/dashboard", () => {
  it("counts orders awaiting payment and to ship, unread chats, this month's revenue and lists the latest orders", async () => {
    const before = (await call("GET", "/dashboard", undefined, support.auth)).json().stats;
    const c = await registerCustomer(t.app);
    await makeOrder(t, c.userId);
    const paid = await makeOrder(t, c.userId, { status: "Pagamento Confirmado" });
    const after = (await call("GET", "/dashboard", undefined, support.auth)).json().stats;
    expect(after.awaitingPayment).toBe(before.awaitingPayment + 1);
    expect(after.toShip).toBe(before.toShip + 1);
    expect(after.revenueMonth).toBeCloseTo(before.revenueMonth + paid.totalAmount.toNumber(), 2);
    expect(after.latestOrders[0].id).toBe(paid.id);
    expect(after.latestOrders[0].shortId).toBe(paid.id.slice(-6).toUpperCase());
  });
});
