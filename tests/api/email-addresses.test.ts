// E-mail addresses are one address each: sign-up, staff creation (console and CLI) refuse commas, semicolons,
// angle brackets, quotes and control characters, which would turn one account's mail into several recipients or a
// forged display name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, type TestApp } from "../helpers/app.ts";
import { expectError } from "./admin-fixtures.ts";
import { createStaffAccount } from "../../server/domain/users/service.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const BAD = [
  "ana@exemplo.ao,vitima@exemplo.ao",
  "ana,b@exemplo.ao",
  "Loja <ana@exemplo.ao>",
  "ana@exemplo.ao>",
  "ana;b@exemplo.ao",
  '"ana"@exemplo.ao',
  "ana\u0000@exemplo.ao",
  "ana@exem\u001bplo.ao",
];

describe("e-mail addresses", () => {
  it.each(BAD)("sign-up refuses %j", async (email) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      payload: { name: "Ana", email, password: "senha-segura-1" },
    });
    expectError(res, 400, "Por favor, insira um email válido");
  });

  it.each(BAD)("staff creation refuses %j, in the console and the CLI", async (email) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/api/staff",
      headers: admin.auth,
      payload: { name: `Ana ${Math.random()}`, email, role: "support", password: "senha-suporte-1" },
    });
    expectError(res, 400);
    await expect(createStaffAccount(t.prisma, { email, password: "senha-suporte-1", role: "support" })).rejects.toThrow();
  });

  it("accepts ordinary addresses", async () => {
    for (const email of [`ana.silva+loja${Date.now()}@exemplo.co.ao`, `joao_${Date.now()}@mail.exemplo.ao`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user/register",
        payload: { name: "Ana", email, password: "senha-segura-1" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
