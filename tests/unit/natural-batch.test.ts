// server/db/natural-batch.ts on its own: when calls are sent, how they are grouped, and that each caller gets
// its own answer. (Its use for cart writes is tested against the database in cart.test.ts.)
import { describe, expect, it } from "vitest";
import { naturalBatch } from "../../server/db/natural-batch.ts";

/** A `run` whose batches the test releases by hand. */
function controlledRun() {
  const batches: { inputs: number[]; release(results?: PromiseSettledResult<string>[]): void; fail(error: Error): void }[] = [];
  let active = 0;
  let maxActive = 0;
  const run = (inputs: readonly number[]) =>
    new Promise<PromiseSettledResult<string>[]>((resolve, reject) => {
      active++;
      maxActive = Math.max(maxActive, active);
      const done = () => active--;
      batches.push({
        inputs: [...inputs],
        release: (results) => {
          done();
          resolve(results ?? inputs.map((i) => ({ status: "fulfilled", value: `r${i}` })));
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { run, batches, maxActive: () => maxActive };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("naturalBatch", () => {
  it("sends a call at once, alone, while a slot is free", async () => {
    const c = controlledRun();
    const call = naturalBatch(c.run, { concurrency: 2, maxBatch: 10 });
    const first = call(1);
    expect(c.batches.map((b) => b.inputs)).toEqual([[1]]);
    const second = call(2);
    expect(c.batches.map((b) => b.inputs)).toEqual([[1], [2]]);
    c.batches[0]!.release();
    c.batches[1]!.release();
    expect(await Promise.all([first, second])).toEqual(["r1", "r2"]);
  });

  it("groups the calls that wait for a slot, up to maxBatch, and never runs more than `concurrency` at once", async () => {
    const c = controlledRun();
    const call = naturalBatch(c.run, { concurrency: 1, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((i) => call(i));
    expect(c.batches.map((b) => b.inputs)).toEqual([[1]]);
    c.batches[0]!.release();
    await tick();
    expect(c.batches.map((b) => b.inputs)).toEqual([[1], [2, 3, 4]]);
    c.batches[1]!.release();
    await tick();
    expect(c.batches.map((b) => b.inputs)).toEqual([[1], [2, 3, 4], [5, 6]]);
    c.batches[2]!.release();
    expect(await Promise.all(answers)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6"]);
    expect(c.maxActive()).toBe(1);
  });

  it("gives each caller its own outcome: one rejected input does not fail the others of its batch", async () => {
    const c = controlledRun();
    const call = naturalBatch(c.run, { concurrency: 1, maxBatch: 10 });
    const first = call(1);
    const rest = [2, 3, 4].map((i) =>
      call(i).then(
        (v) => `ok ${v}`,
        (e: Error) => `failed ${e.message}`,
      ),
    );
    c.batches[0]!.release();
    await tick();
    c.batches[1]!.release([
      { status: "fulfilled", value: "r2" },
      { status: "rejected", reason: new Error("bad 3") },
      { status: "fulfilled", value: "r4" },
    ]);
    expect(await first).toBe("r1");
    expect(await Promise.all(rest)).toEqual(["ok r2", "failed bad 3", "ok r4"]);
  });

  it("rejects every call of a batch whose run fails, or answers the wrong number of results, and goes on", async () => {
    const c = controlledRun();
    const call = naturalBatch(c.run, { concurrency: 1, maxBatch: 10 });
    const a = call(1).catch((e: Error) => e.message);
    c.batches[0]!.fail(new Error("connection lost"));
    expect(await a).toBe("connection lost");
    const b = call(2).catch((e: Error) => e.message);
    await tick();
    c.batches[1]!.release([
      { status: "fulfilled", value: "one" },
      { status: "fulfilled", value: "too many" },
    ]);
    expect(await b).toBe("naturalBatch: 2 outputs for 1 inputs");
    const d = call(4);
    await tick();
    c.batches.at(-1)!.release();
    expect(await d).toBe("r4");
  });

  it("with gatherTurn, sends nothing within the turn and then everything that arrived in it together", async () => {
    const c = controlledRun();
    const call = naturalBatch(c.run, { concurrency: 1, maxBatch: 10, gatherTurn: true });
    const answers = [1, 2, 3].map((i) => call(i));
    expect(c.batches).toEqual([]);
    await tick();
    expect(c.batches.map((b) => b.inputs)).toEqual([[1, 2, 3]]);
    const later = call(4);
    c.batches[0]!.release();
    await tick();
    expect(c.batches.map((b) => b.inputs)).toEqual([[1, 2, 3], [4]]);
    c.batches[1]!.release();
    expect(await Promise.all([...answers, later])).toEqual(["r1", "r2", "r3", "r4"]);
  });

  it("rejects the batch when run throws before returning a promise", async () => {
    const call = naturalBatch<number, string>(
      () => {
        throw new Error("synchronous failure");
      },
      { concurrency: 1, maxBatch: 10 },
    );
    await expect(call(1)).rejects.toThrow("synchronous failure");
    await expect(call(2)).rejects.toThrow("synchronous failure");
  });
});
