// How long other requests wait while the server is attacked: a route with no database work is called every 50 ms
// while `work` runs. Each probe's time counts from when it was due, so a held event loop (a late timer) counts as
// much as a slow answer. Used by the files that run alone (vitest.config.ts runAlone: proof-attack, statement-attack).
import { expect } from "vitest";

/** A probe slower than this means the server's thread was held. */
export const PROBE_LIMIT_MS = 250;

/** Probes `${base}/api/push/key` until `work` ends; samples the process's memory as it goes. */
export async function probeDuring<T>(base: string, work: Promise<T>) {
  const latencies: number[] = [];
  let peakRss = process.memoryUsage.rss();
  let done = false;
  const finished = work.finally(() => (done = true));
  const probes = (async () => {
    let due = performance.now();
    while (!done) {
      const res = await fetch(`${base}/api/push/key`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      latencies.push(performance.now() - due);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      due += 50;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else due = performance.now();
    }
  })();
  const [result] = await Promise.all([finished, probes]);
  return { result, latencies, peakRss };
}

/** Every probe answered within PROBE_LIMIT_MS (and there were enough of them to say so). */
export function expectProbesInTime(latencies: number[]) {
  expect(latencies.length).toBeGreaterThan(3);
  expect(Math.max(...latencies), `probe latencies (ms): ${latencies.map(Math.round).join(" ")}`).toBeLessThan(PROBE_LIMIT_MS);
}
