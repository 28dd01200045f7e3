// Bank details guarded: the IBAN must be a valid Angolan IBAN, a bank change needs the acting
// admin's own password, every change is audited (who, when, before → after), and the admins are told live.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError } from "./admin-fixtures.ts";
import { listen, TestSocket } from "./chat-fixtures.ts";
import { INVALID_IBAN_MESSAGE } from "../../server/domain/payments/iban.ts";
import type { AdminSettings } from "../../server/schemas/admin-settings.ts";

const onPostgres = inject("dbKind") === "postgres";
const PASSWORD_NEEDED = "Confirme a sua palavra-passe para alterar os dados bancários";
const IBAN = "AO06 0040 0000 1234 5678 1014 2";
const IBAN_STORED = "AO06004000001234567810142";

let t: TestApp;
let wsUrl: string;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  wsUrl = await listen(t.app);
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  await t.prisma.user.update({ where: { id: admin.userId }, data: { name: "Marta Administradora" } });
});
afterAll(() => t.close());

const put = (payload: object, auth = admin.auth) => t.app.inject({ method: "PUT", url: "/admin/api/settings/1", headers: auth, payload });
const current = async (): Promise<AdminSettings> =>
  (await t.app.inject({ method: "GET", url: "/admin/api/settings/1", headers: admin.auth })).json();
const storedRow = () => t.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } });
const auditCount = () => t.prisma.settingsChange.count();

/** The form as the console sends it back: what is stored now, without the read-only fields. */
async function form(): Promise<Record<string, unknown>> {
  const { phones, emails, addresses, bankName, accountHolder, accountNumber, iban } = await current();
  return { phones, emails, addresses, bankName, accountHolder, accountNumber, iban };
}

describe("PUT /admin/api/settings: the IBAN", () => {
  it("refuses an IBAN that is not a valid Angolan IBAN, and writes nothing", async () => {
    const before = await storedRow();
    const audits = await auditCount();
    for (const iban of ["AO06 1234", "AO06 0040 0000 1234 5678 9012 3", "PT50 0002 0123 1234 5678 9015 4"]) {
      expectError(await put({ ...(await form()), iban, currentPassword: admin.password }), 400, INVALID_IBAN_MESSAGE);
    }
    expect(await storedRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("accepts a valid one, stores it without spaces in upper case, and shows it grouped to shoppers and staff", async () => {
    const res = await put({ ...(await form()), iban: "ao06 00400000 1234567810142", currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedRow()).iban).toBe(IBAN_STORED);
    expect(res.json().iban).toBe(IBAN);
    const shop = (await t.app.inject({ method: "GET", url: "/api/settings" })).json().settings;
    expect(shop.bank.iban).toBe(IBAN);
    // The same IBAN written differently is no change: no password needed, nothing audited.
    const audits = await auditCount();
    expect((await put({ ...(await form()), iban: IBAN_STORED })).statusCode).toBe(200);
    expect(await auditCount()).toBe(audits);
  });
});

describe("PUT /admin/api/settings: the password for bank details", () => {
  it("refuses a bank change without the password or with a wrong one, before writing anything", async () => {
    const before = await storedRow();
    const audits = await auditCount();
    for (const change of [
      { bankName: "Banco Desconhecido" },
      { accountHolder: "Outra Pessoa" },
      { accountNumber: "999" },
      { iban: "AO50005500000987654321099" },
    ]) {
      expectError(
        await put({ ...(await form()), ...change, phones: ["+244 900 000 001", "+244 900 000 002", "+244 900 000 003"] }),
        403,
        PASSWORD_NEEDED,
      );
      expectError(await put({ ...(await form()), ...change, currentPassword: "nao-e-esta" }), 403, PASSWORD_NEEDED);
      // Another staff member's password is not the acting admin's.
      expectError(await put({ ...(await form()), ...change, currentPassword: support.password + "x" }), 403, PASSWORD_NEEDED);
    }
    expect(await storedRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("with the right password writes the change and audits each changed field with before, after and who", async () => {
    const before = await form();
    const res = await put({
      ...before,
      bankName: "Banco Angolano de Investimentos",
      iban: "AO50 0055 0000 0987 6543 2109 9",
      currentPassword: admin.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: AdminSettings = res.json();
    expect(saved).toMatchObject({ bankName: "Banco Angolano de Investimentos", iban: "AO50 0055 0000 0987 6543 2109 9", isDemo: false });
    const rows = await t.prisma.settingsChange.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 2 });
    expect(rows.map((r) => r.field).sort()).toEqual(["bankName", "iban"]);
    for (const row of rows) expect(row.changedById).toBe(admin.userId);
    expect(rows.find((r) => r.field === "iban")).toMatchObject({ before: IBAN_STORED, after: "AO50005500000987654321099" });
    expect(rows.find((r) => r.field === "bankName")).toMatchObject({ before: before.bankName, after: "Banco Angolano de Investimentos" });

    // GET shows the trail, newest first, with who and when.
    const { changes } = await current();
    expect(
      changes
        .slice(0, 2)
        .map((c) => c.field)
        .sort(),
    ).toEqual(["bankName", "iban"]);
    expect(changes[0]).toMatchObject({ by: { id: admin.userId, name: "Marta Administradora" } });
    expect(new Date(changes[0]!.at).toISOString()).toBe(changes[0]!.at);
    expect(Date.now() - Date.parse(changes[0]!.at)).toBeLessThan(60_000);
    const times = changes.map((c) => Date.parse(c.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("needs the password for the shop's phones too, and audits the change with the admin's name and e-mail", async () => {
    const phones = ["+244 923 111 001", "+244 923 111 002", "+244 923 111 003"];
    const before = await form();
    expectError(
      await put({ ...before, phones }),
      403,
      "Confirme a sua palavra-passe para alterar os contactos da loja ou os alertas por email",
    );
    const res = await put({ ...before, phones, currentPassword: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phones).toEqual(phones);
    const { changes } = await current();
    expect(changes[0]).toMatchObject({
      field: "phones",
      before: JSON.stringify(before.phones),
      after: JSON.stringify(phones),
      by: { id: admin.userId, name: "Marta Administradora", email: admin.email },
    });
    expect(changes[1]?.field).not.toBe("phones");
  });

  it("stops guessing the password after repeated failures", async () => {
    const other = await createStaff(t, "admin");
    for (let i = 0; i < 10; i++)
      expectError(
        await put({ ...(await form()), bankName: "Banco Falso", currentPassword: `errada-${i}` }, other.auth),
        403,
        PASSWORD_NEEDED,
      );
    expectError(await put({ ...(await form()), bankName: "Banco Falso", currentPassword: other.password }, other.auth), 429);
    expect((await storedRow()).bankName).not.toBe("Banco Falso");
    // The throttle is per admin: the first admin is not locked out.
    expect((await put({ ...(await form()), bankName: "Banco Verdadeiro", currentPassword: admin.password })).statusCode).toBe(200);
  });
});

describe("PUT /admin/api/settings: payment deadline and access", () => {
  it("edits the payment deadline (0 < h ≤ 720, decimals) and leaves it alone when left out", async () => {
    expect((await put({ ...(await form()), paymentDeadlineHours: 1.5 })).json().paymentDeadlineHours).toBe(1.5);
    expect(Number((await storedRow()).paymentDeadlineHours)).toBe(1.5);
    expect((await put({ ...(await form()), paymentDeadlineHours: 720 })).json().paymentDeadlineHours).toBe(720);
    for (const hours of [0, -1, 720.01, 0.001]) expectError(await put({ ...(await form()), paymentDeadlineHours: hours }), 400);
    expect((await put(await form())).json().paymentDeadlineHours).toBe(720);
    expect((await current()).changes[0]).toMatchObject({ field: "paymentDeadlineHours", before: "1.5", after: "720" });
  });

  it("answers support 403 before looking at the body, and writes nothing", async () => {
    const before = await storedRow();
    const audits = await auditCount();
    expectError(await put({ iban: "AO06 1234" }, support.auth), 403, "Não tem permissão para esta ação");
    expectError(await put({ nonsense: true }, support.auth), 403);
    expectError(await t.app.inject({ method: "PUT", url: "/admin/api/settings/2", headers: support.auth, payload: {} }), 403);
    expectError(await put({ ...(await form()), bankName: "Banco do Suporte", currentPassword: support.password }, support.auth), 403);
    expectError(
      await t.app.inject({ method: "PUT", url: "/admin/api/settings", headers: support.auth, payload: { iban: "AO06 1234" } }),
      403,
    );
    expect(await storedRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("also saves at PUT /admin/api/settings (without the id)", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/admin/api/settings",
      headers: admin.auth,
      payload: { ...(await form()), addresses: ["Rua Nova 1, Luanda"], currentPassword: admin.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses).toEqual(["Rua Nova 1, Luanda"]);
  });
});

describe("settingsChanged in real time", () => {
  it("tells every admin socket who changed which fields; support and customers hear nothing", async () => {
    const colleague = await createStaff(t, "admin");
    const customer = await registerCustomer(t.app);
    const adminSocket = await TestSocket.ready(wsUrl, colleague.token);
    const supportSocket = await TestSocket.ready(wsUrl, support.token);
    const customerSocket = await TestSocket.ready(wsUrl, customer.token);
    try {
      const res = await put({
        ...(await form()),
        accountHolder: "Loja Nova, Lda",
        emails: ["geral@loja.ao", "info@loja.ao"],
        currentPassword: admin.password,
      });
      expect(res.statusCode, res.body).toBe(200);
      const told = await adminSocket.next((f) => f.type === "settingsChanged");
      expect(told).toEqual({
        type: "settingsChanged",
        by: `Marta Administradora (${admin.email})`,
        byId: admin.userId,
        fields: ["emails", "accountHolder"],
      });
      expect(await supportSocket.settle((f) => f.type === "settingsChanged")).toEqual([]);
      expect(await customerSocket.settle((f) => f.type === "settingsChanged")).toEqual([]);

      // A refused change tells no one.
      expectError(await put({ ...(await form()), bankName: "Banco Falso" }), 403);
      expect(await adminSocket.settle((f) => f.type === "settingsChanged")).toEqual([]);
    } finally {
      adminSocket.close();
      supportSocket.close();
      customerSocket.close();
    }
  });
});

// Several instances on one PostgreSQL database hear each other through LISTEN/NOTIFY; on the embedded database
// there is one instance. Only the PostgreSQL project registers this suite, so nothing shows as skipped.
if (onPostgres)
  describe("settingsChanged between two instances on one PostgreSQL database", () => {
    let a: TestApp;
    let b: TestApp;
    let urlB: string;

    beforeAll(async () => {
      a = await buildTestApp();
      b = await buildOtherInstance(a);
      await listen(a.app);
      urlB = await listen(b.app);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("tells the admins on B of a change saved on A, and not support on B", async () => {
      const actor = await createStaff(a, "admin");
      const colleague = await createStaff(a, "admin");
      const support = await createStaff(a, "support");
      const adminOnB = await TestSocket.ready(urlB, colleague.token);
      const supportOnB = await TestSocket.ready(urlB, support.token);
      try {
        const settings = (await a.app.inject({ method: "GET", url: "/admin/api/settings/1", headers: actor.auth })).json();
        const { phones, emails, addresses, bankName, accountHolder, accountNumber } = settings;
        const res = await a.app.inject({
          method: "PUT",
          url: "/admin/api/settings/1",
          headers: actor.auth,
          payload: {
            phones,
            emails,
            addresses,
            bankName,
            accountHolder,
            accountNumber,
            iban: "AO06 0040 0000 1234 5678 1014 2",
            currentPassword: actor.password,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(await adminOnB.next((f) => f.type === "settingsChanged")).toEqual({
          type: "settingsChanged",
          by: `Admin Teste (${actor.email})`,
          byId: actor.userId,
          fields: ["iban"],
        });
        expect(await supportOnB.settle((f) => f.type === "settingsChanged")).toEqual([]);
      } finally {
        adminOnB.close();
        supportOnB.close();
      }
    });
  });
