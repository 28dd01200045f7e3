// Every new password (sign-up, staff create and update) passes shared/passwords.ts's rule and the common list:
// before, "12345678" and eight spaces were accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { PASSWORD_BLANK, PASSWORD_COMMON, PASSWORD_TOO_SHORT } from "../../shared/passwords.ts";
import { expectError } from "./admin-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const WEAK: [string, string][] = [
  ["12345678", PASSWORD_COMMON],
  ["        ", PASSWORD_BLANK],
  ["abc1234", PASSWORD_TOO_SHORT],
  ["password1", PASSWORD_COMMON],
];
const GOOD = "girafa-azul-no-kilamba";

const signUp = (password: string) =>
  t.app.inject({ method: "POST", url: "/api/user/register", payload: { name: "Ana", email: uniqueEmail("senha"), password } });
const createMember = (password: string) =>
  t.app.inject({
    method: "POST",
    url: "/admin/api/staff",
    headers: admin.auth,
    payload: { name: "Nova", email: uniqueEmail("equipa"), role: "support", password, currentPassword: admin.password },
  });

describe("sign-up", () => {
  it.each(WEAK)("refuses %j with its message", async (password, message) => {
    expectError(await signUp(password), 400, message);
  });
  it("accepts a good password", async () => {
    expect((await signUp(GOOD)).statusCode).toBe(200);
  });
});

describe("staff accounts", () => {
  it.each(WEAK)("refuses %j on create with its message, and creates nobody", async (password, message) => {
    const before = await t.prisma.user.count();
    expectError(await createMember(password), 400, message);
    expect(await t.prisma.user.count()).toBe(before);
  });

  it.each(WEAK)("refuses %j on update with its message, and keeps the old password", async (password, message) => {
    const member = await createStaff(t, "support");
    expectError(
      await t.app.inject({ method: "PUT", url: `/admin/api/staff/${member.userId}`, headers: admin.auth, payload: { password } }),
      400,
      message,
    );
    const login = await t.app.inject({
      method: "POST",
      url: "/admin/api/auth/login",
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("accepts a good password on create and update", async () => {
    expect((await createMember(GOOD)).statusCode).toBe(200);
    const member = await createStaff(t, "support");
    expect(
      (await t.app.inject({ method: "PUT", url: `/admin/api/staff/${member.userId}`, headers: admin.auth, payload: { password: GOOD } }))
        .statusCode,
    ).toBe(200);
  });
});
