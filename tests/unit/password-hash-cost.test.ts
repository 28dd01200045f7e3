// The server hashes passwords with OWASP's argon2id parameters (19 MiB, 2 iterations, 1 lane). API tests hash
// cheaply (tests/helpers/app.ts); this file does not, so it sees what production stores.
import { describe, expect, it } from "vitest";
import { hashPassword, PRODUCTION_HASH_COST, verifyPassword } from "../../server/domain/users/passwords.ts";

describe("password hashes in production", () => {
  it("are argon2id with 19 MiB, 2 iterations and 1 lane, and verify", async () => {
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2 });
    const hash = await hashPassword("uma-palavra-passe-longa");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "uma-palavra-passe-longa")).toBe(true);
    expect(await verifyPassword(hash, "outra-palavra-passe")).toBe(false);
  });
});
