// The dispatcher of domain events (docs/design/events.md): nothing emitted when the change rolls back, one order's
// events in the order written, a failing reaction retried with back-off without holding other orders, a re-run
// doing only what was left, and (PostgreSQL) two instances' dispatchers handling each event once. The shop's own
// worker is off here (EVENTS_WORKER=false): the test's dispatchers, with reactions that record what they saw, are
// the only ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { buildOtherInstance, buildTestApp, type TestApp } from "../helpers/app.ts";
import { emitEvents } from "../../server/domain/events/emit.ts";
import { orderEvent, type StoredEvent } from "../../server/domain/events/catalog.ts";
import { EventDispatcher } from "../../server/subscribers/dispatcher.ts";
import { reaction, type Reaction } from "../../server/subscribers/reaction.ts";

let t: TestApp;
const log = { warn: () => undefined, error: () => undefined };
beforeAll(async () => {
  t = await buildTestApp({ env: { EVENTS_WORKER: "false" } });
});
afterAll(async () => t?.close());

let n = 0;
const orderId = () => `evt-order-${process.pid}-${n++}`;
const released = (id: string, at: string) => orderEvent("order.stock_released", id, { paymentDeadline: at });

/** A reaction that records (event id, order, what it carried) of every event it sees, in a transaction. */
function recorder(
  name: string,
  seen: { id: bigint; orderId: string | null; mark: string | null }[],
  fail?: (e: StoredEvent) => boolean,
): Reaction {
  return reaction({
    name,
    on: ["order.stock_released"],
    async inTransaction(_tx, event) {
      if (fail?.(event)) throw new Error("a reaction that fails");
      seen.push({ id: event.id, orderId: event.orderId, mark: event.payload.paymentDeadline });
    },
  });
}

const dispatcherOf = (app: TestApp, reactions: Reaction[]) => new EventDispatcher(app.deps, reactions, log);
const drain = async (d: EventDispatcher) => {
  while (await d.round());
};

describe("domain events", () => {
  it("are written with the change or not at all: a rolled-back transaction leaves none", async () => {
    const id = orderId();
    await expect(
      t.prisma.$transaction(async (tx) => {
        await emitEvents(tx, released(id, "rolled back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.prisma.domainEvent.count({ where: { orderId: id } })).toBe(0);
    await t.prisma.$transaction((tx) => emitEvents(tx, released(id, "committed")));
    expect(await t.prisma.domainEvent.count({ where: { orderId: id } })).toBe(1);
  });

  it("hands one order's events to its reactions in the order they were written", async () => {
    const a = orderId();
    const b = orderId();
    for (let i = 0; i < 4; i++) await t.prisma.$transaction((tx) => emitEvents(tx, released(a, `a${i}`), released(b, `b${i}`)));
    const seen: { id: bigint; orderId: string | null; mark: string | null }[] = [];
    await drain(dispatcherOf(t, [recorder("order-test", seen)]));
    expect(seen.filter((s) => s.orderId === a).map((s) => s.mark)).toEqual(["a0", "a1", "a2", "a3"]);
    expect(seen.filter((s) => s.orderId === b).map((s) => s.mark)).toEqual(["b0", "b1", "b2", "b3"]);
    expect(await t.prisma.domainEvent.count({ where: { orderId: { in: [a, b] }, doneAt: null } })).toBe(0);
  });

  it("retries a failing reaction later, skips those that ran, and never holds other orders' events", async () => {
    const failing = orderId();
    const other = orderId();
    await t.prisma.$transaction((tx) => emitEvents(tx, released(failing, "f0"), released(failing, "f1"), released(other, "o0")));
    const first: { id: bigint; orderId: string | null; mark: string | null }[] = [];
    const second: { id: bigint; orderId: string | null; mark: string | null }[] = [];
    let failures = 1;
    const d = dispatcherOf(t, [
      recorder("first-test", first),
      recorder("second-test", second, (e) => e.orderId === failing && failures-- > 0),
    ]);
    await drain(d);
    // The other order went on; the failing order's event waits, and its later event waits behind it.
    expect(second.map((s) => s.mark)).toEqual(["o0"]);
    const waiting = await t.prisma.domainEvent.findFirstOrThrow({ where: { orderId: failing }, orderBy: { id: "asc" } });
    expect(waiting).toMatchObject({ doneAt: null, attempts: 1 });
    expect(waiting.lastError).toContain("a reaction that fails");
    expect(waiting.nextAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Its back-off over: only the reaction that failed runs again, then the order's next event.
    await t.prisma.domainEvent.update({ where: { id: waiting.id }, data: { nextAt: new Date() } });
    await drain(d);
    expect(first.filter((s) => s.orderId === failing).map((s) => s.mark)).toEqual(["f0", "f1"]);
    expect(second.filter((s) => s.orderId === failing).map((s) => s.mark)).toEqual(["f0", "f1"]);
  });

  it("gives up an event failing for over a day, so the order's later events go on", async () => {
    const id = orderId();
    await t.prisma.$transaction((tx) => emitEvents(tx, released(id, "old"), released(id, "next")));
    const [old] = await t.prisma.domainEvent.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });
    await t.prisma.domainEvent.update({ where: { id: old!.id }, data: { createdAt: new Date(Date.now() - 2 * 86_400_000) } });
    const seen: { id: bigint; orderId: string | null; mark: string | null }[] = [];
    await drain(
      dispatcherOf(t, [recorder("give-up-test", seen, (e) => (e.payload as { paymentDeadline: string }).paymentDeadline === "old")]),
    );
    expect(await t.prisma.domainEvent.findUniqueOrThrow({ where: { id: old!.id } })).toMatchObject({ gaveUp: true });
    expect(seen.map((s) => s.mark)).toEqual(["next"]);
  });

  if (inject("dbKind") === "postgres")
    it("is handled once when two instances' dispatchers claim at the same moment", async () => {
      const other = await buildOtherInstance(t);
      try {
        const ids = Array.from({ length: 12 }, orderId);
        for (let round = 0; round < 5; round++)
          await t.prisma.$transaction((tx) => emitEvents(tx, ...ids.map((id) => released(id, `${id}:${round}`))));
        const seen: { id: bigint; orderId: string | null; mark: string | null }[] = [];
        const here = dispatcherOf(t, [recorder("cluster-test", seen)]);
        const there = dispatcherOf(other, [recorder("cluster-test", seen)]);
        await Promise.all([drain(here), drain(there), drain(here), drain(there)]);
        const mine = seen.filter((s) => ids.includes(s.orderId!));
        expect(mine).toHaveLength(60);
        expect(new Set(mine.map((s) => s.id)).size).toBe(60);
        for (const id of ids)
          expect(mine.filter((s) => s.orderId === id).map((s) => s.mark)).toEqual([0, 1, 2, 3, 4].map((r) => `${id}:${r}`));
      } finally {
        await other.close();
      }
    });
});
