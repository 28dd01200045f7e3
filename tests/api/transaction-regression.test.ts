// Regression for @prisma/adapter-pg #30374: after a PostgreSQL error inside an interactive transaction, later
// queries could receive other queries' results. Errors are raised inside $transaction (a unique violation, a
// division by zero, an error caught and followed by more work), then 100 concurrent queries each check that
// they got their own rows. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let users: { id: string; email: string }[];
let products: { id: string; name: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  users = [];
  for (let i = 0; i < 5; i++) {
    const c = await registerCustomer(t.app);
    users.push({ id: c.userId, email: c.email });
  }
  products = await t.prisma.product.findMany({ select: { id: true, name: true }, take: 20, orderBy: { id: "asc" } });
});
afterAll(() => t.close());

/** 100 concurrent queries of three kinds; returns how many got someone else's answer. */
async function hundredQueries(): Promise<number> {
  const checks = Array.from({ length: 100 }, async (_, i) => {
    switch (i % 3) {
      case 0: {
        const rows = await t.prisma.$queryRaw<{ n: number; tag: string }[]>`SELECT ${i}::int AS n, ${`q${i}`}::text AS tag`;
        return rows.length === 1 && rows[0]!.n === i && rows[0]!.tag === `q${i}`;
      }
      case 1: {
        const u = users[i % users.length]!;
        const row = await t.prisma.user.findUnique({ where: { id: u.id }, select: { id: true, email: true } });
        return row?.id === u.id && row.email === u.email;
      }
      default: {
        const p = products[i % products.length]!;
        const rows = await t.prisma.product.findMany({ where: { id: p.id }, select: { id: true, name: true } });
        return rows.length === 1 && rows[0]!.id === p.id && rows[0]!.name === p.name;
      }
    }
  });
  return (await Promise.all(checks)).filter((ok) => !ok).length;
}

const failures: { error: string; wrong: number }[] = [];
afterAll(() => {
  console.log(
    `transaction regression (${t?.db.kind}): ${failures.length} rounds × 100 queries, wrong answers: ${failures.reduce((n, f) => n + f.wrong, 0)}`,
  );
});

describe("queries after an error inside $transaction", () => {
  const errors: [string, () => Promise<unknown>][] = [
    [
      "a unique violation",
      () =>
        t.prisma.$transaction(async (tx) => {
          await tx.user.update({ where: { id: users[0]!.id }, data: { name: "dentro da transação" } });
          await tx.user.create({ data: { name: "Duplicado", email: users[1]!.email } });
        }),
    ],
    ["a division by zero", () => t.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1 / (SELECT 0) AS boom`)],
    [
      "an error that the transaction catches and then keeps querying",
      () =>
        t.prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1 / (SELECT 0) AS boom`.catch(() => undefined);
          await tx.user.findMany({ take: 1 });
        }),
    ],
    ["a bad cast", () => t.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 'não é número'::int AS n`)],
  ];

  it.each(errors)("after %s, 100 concurrent queries each get their own rows", async (label, fail) => {
    for (let round = 0; round < 3; round++) {
      await expect(fail()).rejects.toThrow();
      const wrong = await hundredQueries();
      failures.push({ error: label, wrong });
      expect(wrong).toBe(0);
    }
    // The failed transaction left nothing behind.
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: users[0]!.id } })).name).not.toBe("dentro da transação");
  });

  it("also while failing transactions and queries run at the same time", async () => {
    const failing = Array.from({ length: 10 }, (_, i) =>
      errors[i % errors.length]![1]().then(
        () => "ok",
        () => "failed",
      ),
    );
    const [wrong, outcomes] = await Promise.all([hundredQueries(), Promise.all(failing)]);
    failures.push({ error: "concurrent", wrong });
    expect(outcomes.every((o) => o === "failed")).toBe(true);
    expect(wrong).toBe(0);
    expect(await hundredQueries()).toBe(0);
  });
});
