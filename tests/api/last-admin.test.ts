// The shop always keeps one active admin, also when two admins remove each other at the same moment: on
// PostgreSQL the requests run on separate connections (before the lock, two deactivating each other left none).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;

async function onlyTheseAdmins() {
  // Each round starts from exactly two active admins.
  await t.prisma.user.updateMany({ where: { role: "admin" }, data: { active: false } });
  const a = await createStaff(t, "admin");
  const b = await createStaff(t, "admin");
  return [a, b] as const;
}

const put = (actor: { auth: { authorization: string } }, id: string, payload: object) =>
  t.app.inject({ method: "PUT", url: `/admin/api/staff/${id}`, headers: actor.auth, payload });

describe("the last-admin guard under concurrent changes", () => {
  it.each([
    ["deactivate", { active: false }],
    ["demote", { role: "support" }],
  ])("two admins who %s each other at once leave one active admin, every time", async (_name, change) => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyTheseAdmins();
      const [ab, ba] = await Promise.all([put(a, b.userId, change), put(b, a.userId, change)]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // One wins; the other is refused by the guard (409) or, if the winner removed it first, by its own lost access.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.some((s) => s === 409 || s === 401 || s === 403)).toBe(true);
      expect(await t.prisma.user.count({ where: { role: "admin", active: true } })).toBe(1);
    }
  });

  it("three admins deactivating each other in a ring keep at least one", async () => {
    const [a, b] = await onlyTheseAdmins();
    const c = await createStaff(t, "admin");
    const results = await Promise.all([
      put(a, b.userId, { active: false }),
      put(b, c.userId, { active: false }),
      put(c, a.userId, { active: false }),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await t.prisma.user.count({ where: { role: "admin", active: true } })).toBeGreaterThanOrEqual(1);
  });
});
