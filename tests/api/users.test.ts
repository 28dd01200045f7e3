import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { "content-type": "application/json", ...headers },
    remoteAddress: headers["x-test-ip"],
  });

function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string | RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
}

describe("POST /api/user/register", () => {
  it("creates a customer and returns a token that authenticates as that customer", async () => {
    const email = uniqueEmail();
    const res = await post("/api/user/register", { name: "Maria João", email, password: "uma-senha-boa" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const claims = await t.deps.tokens.verify(body.token);
    expect(claims?.role).toBe("customer");
    const user = await t.prisma.user.findUnique({ where: { id: claims!.userId } });
    expect(user?.email).toBe(email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stores the e-mail lower-cased and refuses the same e-mail in another case with 409", async () => {
    const email = uniqueEmail("Caso");
    expect((await post("/api/user/register", { name: "A", email: email.toUpperCase(), password: "uma-senha-boa" })).statusCode).toBe(200);
    expectError(
      await post("/api/user/register", { name: "B", email, password: "outra-senha-boa" }),
      409,
      "Já existe uma conta com este email",
    );
  });

  it.each([
    [{ name: "", email: "a@b.ao", password: "uma-senha-boa" }, "Nome é obrigatório"],
    [{ name: "   ", email: "a@b.ao", password: "uma-senha-boa" }, "Nome é obrigatório"],
    [{ name: "Ana", email: "", password: "uma-senha-boa" }, "Email é obrigatório"],
    [{ name: "Ana", email: "nao-e-email", password: "uma-senha-boa" }, "Por favor, insira um email válido"],
    [{ name: "Ana", email: "a@b.ao", password: "" }, "Password é obrigatório"],
    [{ name: "Ana", email: "a@b.ao", password: "curta" }, "A palavra-passe deve ter pelo menos 8 caracteres"],
  ])("applies the sign-up rules on the server: %j → %s", async (payload, message) => {
    expectError(await post("/api/user/register", payload), 400, message);
  });

  it.each([
    ["malformed JSON", '{"name": "x",', 400, "JSON inválido no corpo do pedido"],
    ["a JSON array", "[1,2]", 400, "O corpo do pedido deve ser um objeto JSON"],
    ["a JSON string", '"texto"', 400, "O corpo do pedido deve ser um objeto JSON"],
    ["null", "null", 400, undefined],
  ])("answers %s with a clear 4xx", async (_label, raw, status, message) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: raw,
      headers: { "content-type": "application/json" },
    });
    expectError(res, status, message);
  });

  it.each([
    [{ name: 123, email: "a@b.ao", password: "uma-senha-boa" }, "Tipo inválido no campo name"],
    [{ name: "Ana", email: ["a@b.ao"], password: "uma-senha-boa" }, "Tipo inválido no campo email"],
    [{ name: "Ana", email: "a@b.ao", password: 12345678 }, "Tipo inválido no campo password"],
    [{ name: "Ana", email: "a@b.ao" }, "Campo obrigatório em falta: password"],
    [{ name: "Ana", email: "a@b.ao", password: "uma-senha-boa", role: "admin" }, "Campo não permitido: role"],
    [{ name: "x".repeat(121), email: "a@b.ao", password: "uma-senha-boa" }, "O campo name é demasiado longo"],
    [{ name: "Ana", email: `${"a".repeat(250)}@b.ao`, password: "uma-senha-boa" }, "O campo email é demasiado longo"],
  ])("refuses wrong types, missing and extra fields: %j", async (payload, message) => {
    expectError(await post("/api/user/register", payload), 400, message);
  });

  it("never lets an extra field such as role make a staff account", async () => {
    const email = uniqueEmail();
    await post("/api/user/register", { name: "Ana", email, password: "uma-senha-boa", role: "admin" });
    expect(await t.prisma.user.findUnique({ where: { email } })).toBeNull();
  });

  it("answers a 5 MB body with 413, not a 500", async () => {
    const res = await post("/api/user/register", { name: "x".repeat(5 * 1024 * 1024), email: "a@b.ao", password: "uma-senha-boa" });
    expectError(res, 413, "Pedido demasiado grande");
  });

  it("answers a body that is not JSON with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: "name=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(res, 415);
  });
});

describe("POST /api/user/login", () => {
  it("signs a customer in with 'Login realizado com sucesso!' and a working token", async () => {
    const c = await registerCustomer(t.app);
    const res = await post("/api/user/login", { email: c.email.toUpperCase(), password: c.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Login realizado com sucesso!" });
    expect((await t.deps.tokens.verify(res.json().token))?.userId).toBe(c.userId);
  });

  it("gives an unknown e-mail and a wrong password the same 400 and message (never 401)", async () => {
    const c = await registerCustomer(t.app);
    const wrong = await post("/api/user/login", { email: c.email, password: "nao-e-esta" }, { "x-test-ip": "10.1.0.1" });
    const unknown = await post("/api/user/login", { email: uniqueEmail("ninguem"), password: "nao-e-esta" }, { "x-test-ip": "10.1.0.1" });
    expectError(wrong, 400, "Email ou palavra-passe inválidos");
    expectError(unknown, 400, "Email ou palavra-passe inválidos");
    expect(wrong.body).toBe(unknown.body);
  });

  it("asks for the missing field with SPEC-style messages", async () => {
    expectError(await post("/api/user/login", { email: "", password: "x" }), 400, "Email é obrigatório");
    expectError(await post("/api/user/login", { email: "a@b.ao", password: "" }), 400, "Password é obrigatório");
    expectError(await post("/api/user/login", { email: "a@b.ao", password: "x", extra: 1 }), 400, "Campo não permitido: extra");
  });

  it("answers 429 after 10 failed logins on one account, from that address and any other; other accounts still sign in", async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    for (let i = 0; i < 10; i++)
      expectError(await post("/api/user/login", { email: c.email, password: `errada-${i}` }, { "x-test-ip": "10.9.9.9" }), 400);
    expectError(
      await post("/api/user/login", { email: c.email, password: c.password }, { "x-test-ip": "10.9.9.9" }),
      429,
      /Demasiadas tentativas/,
    );
    expectError(
      await post("/api/user/login", { email: c.email, password: c.password }, { "x-test-ip": "10.9.9.10" }),
      429,
      /Demasiadas tentativas/,
    );
    expect((await post("/api/user/login", { email: other.email, password: other.password }, { "x-test-ip": "10.9.9.9" })).statusCode).toBe(
      200,
    );
  });
});

describe("POST /admin/api/auth/login", () => {
  it("signs staff in and returns their role", async () => {
    const staff = await createStaff(t, "support");
    const res = await post("/admin/api/auth/login", { email: staff.email, password: staff.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: staff.email, role: "support" });
  });

  it("refuses a customer with the same message as a wrong password", async () => {
    const c = await registerCustomer(t.app);
    expectError(
      await post("/admin/api/auth/login", { email: c.email, password: c.password }, { "x-test-ip": "10.2.0.1" }),
      400,
      "Email ou palavra-passe inválidos",
    );
  });

  it("refuses a deactivated staff account", async () => {
    const staff = await createStaff(t, "admin");
    await t.prisma.user.update({ where: { id: staff.userId }, data: { active: false } });
    expectError(
      await post("/admin/api/auth/login", { email: staff.email, password: staff.password }, { "x-test-ip": "10.2.0.2" }),
      400,
      "Email ou palavra-passe inválidos",
    );
  });
});

describe("sign-up rate limit", () => {
  it("answers 429 in Portuguese when one address signs up too often", async () => {
    const limited = await buildTestApp({ limits: { registerPerWindow: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/user/register",
          payload: { name: "A", email: uniqueEmail(), password: "uma-senha-boa" },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/Demasiados pedidos/) });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
