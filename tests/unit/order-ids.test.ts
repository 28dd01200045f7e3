// Order ids (server/domain/orders/ids.ts): the short id shoppers see is the last 6 characters, so those must be
// random and evenly spread; the time prefix keeps ids roughly in creation order.
import { describe, expect, it } from "vitest";
import { newOrderId } from "../../server/domain/orders/ids.ts";

describe("order ids", () => {
  it("are 'c', the time in base 36, then 16 random base-36 characters", () => {
    const before = Date.now();
    const id = newOrderId();
    expect(id).toMatch(/^c[0-9a-z]+[0-9a-z]{16}$/);
    const time = parseInt(id.slice(1, -16), 36);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it("do not repeat, and their random part uses every base-36 character about equally", () => {
    const ids = Array.from({ length: 20_000 }, newOrderId);
    expect(new Set(ids).size).toBe(ids.length);
    // Short ids are 6 base-36 characters (2.2 billion values): among 20,000 orders about 0.09 pairs share one by
    // chance (the birthday bound), so a few may; more would mean the characters are not random.
    expect(ids.length - new Set(ids.map((id) => id.slice(-6))).size).toBeLessThanOrEqual(2);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(-16)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // 320,000 characters: each expected 8,889 times; the old `byte % 36` drew 0–3 about 14 % more often than the rest.
    const expected = (ids.length * 16) / 36;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.06);
  });
});
