// Password-reset tokens: only the hash is stored, a token works once and within 30 minutes, unknown or
// deactivated accounts get no token (the route answers the same either way).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { consumeResetToken, createResetToken, hashResetToken, RESET_TOKEN_TTL_MS } from "../../server/domain/users/password-reset.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

let counter = 0;

describe("password-reset tokens", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db?.close());

  const customer = (active = true) =>
    db.prisma.user.create({ data: { name: "Ana", email: `reset.${process.pid}.${counter++}@exemplo.ao`, passwordHash: "x", active }, select: { id: true, email: true } });

  it("stores only the sha256 of a 32-byte base64url token, valid for 30 minutes", async () => {
    const user = await customer();
    const before = Date.now();
    const request = await createResetToken(db.prisma, `  ${user.email!.toUpperCase()} `);
    expect(request).toMatchObject({ userId: user.id, email: user.email, name: "Ana" });
    expect(request!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(request!.token, "base64url")).toHaveLength(32);
    const rows = await db.prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(request!.token));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(request!.token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(RESET_TOKEN_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS + 5000);
  });

  it("gives no token for an unknown or deactivated account", async () => {
    expect(await createResetToken(db.prisma, "ninguem@exemplo.ao")).toBeNull();
    const gone = await customer(false);
    expect(await createResetToken(db.prisma, gone.email!)).toBeNull();
  });

  it("is single use, and using one link retires the account's other links", async () => {
    const user = await customer();
    const first = await createResetToken(db.prisma, user.email!);
    const second = await createResetToken(db.prisma, user.email!);
    expect(await consumeResetToken(db.prisma, first!.token)).toBe(user.id);
    expect(await consumeResetToken(db.prisma, first!.token)).toBeNull();
    expect(await consumeResetToken(db.prisma, second!.token)).toBeNull();
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    const results = await Promise.all([consumeResetToken(db.prisma, request!.token), consumeResetToken(db.prisma, request!.token)]);
    expect(results.filter((r) => r === user.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  it("refuses an expired token", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    await db.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await consumeResetToken(db.prisma, request!.token)).toBeNull();
  });

  it("refuses tokens that were never issued or are malformed", async () => {
    expect(await consumeResetToken(db.prisma, "A".repeat(43))).toBeNull();
    expect(await consumeResetToken(db.prisma, "")).toBeNull();
    expect(await consumeResetToken(db.prisma, "' OR 1=1 --")).toBeNull();
  });

  it("keeps a token unused when the transaction that consumed it rolls back", async () => {
    const user = await customer();
    const request = await createResetToken(db.prisma, user.email!);
    await expect(
      db.prisma.$transaction(async (tx) => {
        expect(await consumeResetToken(tx, request!.token)).toBe(user.id);
        throw new Error("setting the password failed");
      }),
    ).rejects.toThrow("setting the password failed");
    expect(await consumeResetToken(db.prisma, request!.token)).toBe(user.id);
  });

  it("disappears with the account", async () => {
    const user = await customer();
    await createResetToken(db.prisma, user.email!);
    await db.prisma.user.delete({ where: { id: user.id } });
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
