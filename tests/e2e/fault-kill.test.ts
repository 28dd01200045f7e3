// Fault test (PGlite has no crash recovery of its own: docs/design/database.md#pglites-rules): the real shop process is killed
// with SIGKILL in the middle of a burst of order placements, five times, and restarted on the same data
// directory each time. Every order the server acknowledged (200 with an orderId) must still be there, whole
// (lines and first status), and the shop must reopen every time. The figures are printed.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { placementBurst, placeThenCancel, postJson } from "../helpers/placement-burst.ts";
import { freshDataDir, startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { rounds as runRounds } from "../helpers/run-kind.ts";

/** Kills: two in the quick run, five in the full run (each restart replays the data dir: seconds). */
const ROUNDS = runRounds(2, 5);
const WORKERS = 6;
const dataDir = freshDataDir();
let shop: ShopProcess | undefined;
afterAll(async () => {
  await shop?.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function killed(child: ShopProcess["child"]): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("SIGKILL during order placements", () => {
  it(`loses no acknowledged order and reopens every time (${ROUNDS} kills)`, async () => {
    const rounds: { acked: number; attempted: number; reopened: boolean; lost: number; startMs: number }[] = [];
    shop = await startShopProcess({ dataDir });
    // One customer per worker: placement is rate-limited per customer. Tokens survive restarts (the secret is in the data dir).
    const { orders, tokens: customers } = await placementBurst(shop.url, { customers: WORKERS, lines: 3, emailPrefix: "falha" });
    const acknowledged = new Map<string, string>(); // orderId → token

    for (let round = 0; round < ROUNDS; round++) {
      const url = shop.url;
      let stop = false;
      let attempted = 0;
      let acked = 0;
      // Killed once the burst is going, at a random point in it: when the 10th to 19th order of the round is
      // acknowledged (the other customers' placements are in flight then), or at the first refusal (this customer's
      // placements per minute spent, or a failure: nothing to wait for).
      const killAt = 10 + Math.floor(Math.random() * 10);
      let trigger!: () => void;
      const killMoment = new Promise<void>((resolve) => (trigger = resolve));
      const workers = customers.map(async (token, w) => {
        for (let n = 0; !stop; n++) {
          attempted++;
          try {
            // Placed and cancelled again (a customer may have 3 unpaid orders at once): the kill may land in either.
            const r = await placeThenCancel(url, orders[w]!, token, `r${round}-w${w}-n${n}`);
            if (r.status === 200 && r.body.orderId) {
              acknowledged.set(r.body.orderId, token);
              if (++acked >= killAt) trigger();
            } else trigger();
          } catch {
            return; // the server is gone
          }
        }
      });
      await Promise.race([killMoment, Promise.all(workers)]); // (all workers back: the server went by itself)
      await killed(shop.child);
      stop = true;
      await Promise.all(workers);

      const startedAt = Date.now();
      let reopened = true;
      try {
        shop = await startShopProcess({ dataDir });
      } catch (error) {
        reopened = false;
        console.log(`round ${round + 1}: the shop did not reopen: ${(error as Error).message}`);
      }
      let lost = 0;
      if (reopened) {
        const present = new Set<string>();
        for (const token of customers) {
          const r = await postJson<{ orders: { _id: string; items: unknown[]; status: string }[] }>(
            `${shop.url}/api/order/userorders`,
            {},
            token,
          );
          expect(r.status).toBe(200);
          for (const o of r.body.orders) {
            // a surviving order is whole: all its lines and its first status
            expect(o.items).toHaveLength(orders[0]!.items.length);
            expect(["Aguardando Pagamento", "Cancelado"]).toContain(o.status);
            present.add(o._id);
          }
        }
        lost = [...acknowledged.keys()].filter((id) => !present.has(id)).length;
      }
      rounds.push({ acked, attempted, reopened, lost, startMs: Date.now() - startedAt });
      if (!reopened) break;
    }

    const totalAcked = rounds.reduce((n, r) => n + r.acked, 0);
    const lost = rounds.at(-1)?.lost ?? 0;
    console.log(
      [
        `fault test: ${rounds.length} SIGKILLs during bursts of order placements (${WORKERS} concurrent customers)`,
        ...rounds.map(
          (r, i) =>
            `  kill ${i + 1}: ${r.attempted} attempted, ${r.acked} acknowledged, reopened ${r.reopened ? `yes (${r.startMs} ms)` : "NO"}, acknowledged orders missing after restart: ${r.lost}`,
        ),
        `  total acknowledged: ${totalAcked}, lost: ${lost}, reopened ${rounds.filter((r) => r.reopened).length}/${ROUNDS}`,
      ].join("\n"),
    );
    expect(rounds.filter((r) => r.reopened)).toHaveLength(ROUNDS);
    expect(totalAcked).toBeGreaterThan(0);
    expect(lost).toBe(0);
  }, 600_000);
});
