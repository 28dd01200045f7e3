// Hostile PDFs posted as payment proofs must not hold the server: while they are read, a route with no database
// work answers every probe quickly and the process's memory stays bounded; the proofs are kept with no hint, and
// an honest receipt still gets its hints afterwards. The files are the ones an attacker would send: one FlateDecode
// content stream drawing one 20,000,000-character string (20 KB), 2,000,000 × `(A) Tj`, and a ~150 KB variant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { listen } from "./chat-fixtures.ts";
import { makeOrder, multipart } from "./admin-fixtures.ts";
import { pdfWithFlateContent, pdfWithText } from "../helpers/tiny-pdf.ts";
import { readProofText } from "../../server/readers/proof-reader.ts";
import { expectProbesInTime, probeDuring } from "../helpers/latency-probe.ts";

/** The worker's heap (128 MB) and the reader's watchdog (384 MB) with room for the uploads and the test itself. */
const MEMORY_GROWTH_LIMIT = 700 * 1024 * 1024;

const drawString = (characters: number) =>
  Buffer.concat([Buffer.from("BT /F1 12 Tf 10 10 Td ("), Buffer.alloc(characters, "A"), Buffer.from(") Tj ET")]);
const manyShows = (count: number) =>
  Buffer.concat([Buffer.from("BT /F1 12 Tf 10 10 Td\n"), Buffer.from("(A) Tj\n".repeat(count)), Buffer.from("ET")]);

let t: TestApp;
let base: string;
let customer: Customer;
let attacks: { name: string; bytes: Buffer }[];
beforeAll(async () => {
  t = await buildTestApp();
  base = (await listen(t.app)).replace("ws://", "http://").replace(/\/ws$/, "");
  customer = await registerCustomer(t.app);
  attacks = [
    { name: "one 20,000,000-character string", bytes: pdfWithFlateContent(drawString(20_000_000)) },
    { name: "2,000,000 × (A) Tj", bytes: pdfWithFlateContent(manyShows(2_000_000)) },
    { name: "a 150,000,000-character string", bytes: pdfWithFlateContent(drawString(150_000_000)) },
  ];
}, 120_000);
afterAll(() => t.close());

async function postProof(bytes: Buffer, order?: { id: string }) {
  order ??= await makeOrder(t, customer.userId);
  const form = multipart([
    { name: "orderId", value: order.id },
    { name: "file", file: { bytes, filename: "comprovativo.pdf", type: "application/pdf" } },
  ]);
  const res = await fetch(`${base}/api/order/proof`, {
    method: "POST",
    headers: { ...customer.auth, ...form.headers },
    body: form.payload,
  });
  return { status: res.status, body: (await res.json()) as { proof?: { id: string } }, orderId: order.id };
}

describe("hostile PDF proofs", () => {
  it("are read off the server's thread: every probe answers in time, memory stays bounded, no hint is kept", async () => {
    // A warm server: its first proof and first probes load code that later requests reuse.
    expect((await postProof(pdfWithText(["Montante: 1,00 Kz"]))).status).toBe(200);
    await probeDuring(base, new Promise((resolve) => setTimeout(resolve, 300)));
    const orders = await Promise.all(attacks.map(() => makeOrder(t, customer.userId)));
    const startRss = process.memoryUsage.rss();
    const { result, latencies, peakRss } = await probeDuring(
      base,
      Promise.all(attacks.map((attack, i) => postProof(attack.bytes, orders[i]))),
    );
    for (const [i, posted] of result.entries()) expect(posted.status, attacks[i]!.name).toBe(200);
    expectProbesInTime(latencies);
    expect(peakRss - startRss).toBeLessThan(MEMORY_GROWTH_LIMIT);
    const proofs = await t.prisma.paymentProof.findMany({ where: { orderId: { in: result.map((posted) => posted.orderId) } } });
    expect(proofs.map((proof) => proof.hints)).toEqual([null, null, null]);
  }, 120_000);

  it("an honest receipt still gets its hints", async () => {
    const order = await makeOrder(t, customer.userId);
    const amount = order.totalAmount.toNumber();
    const form = multipart([
      { name: "orderId", value: order.id },
      {
        name: "file",
        file: { bytes: pdfWithText([`Montante: ${amount.toFixed(2).replace(".", ",")} Kz`]), filename: "ok.pdf", type: "application/pdf" },
      },
    ]);
    const res = await fetch(`${base}/api/order/proof`, {
      method: "POST",
      headers: { ...customer.auth, ...form.headers },
      body: form.payload,
    });
    expect(res.status).toBe(200);
    const proof = await t.prisma.paymentProof.findFirstOrThrow({ where: { orderId: order.id } });
    expect(proof.hints).toMatchObject({ amountMatches: true });
  });
});

describe("the reader's budget", () => {
  it("refuses each hostile file before pdf.js parses it", async () => {
    for (const attack of attacks) {
      const result = await readProofText(attack.bytes);
      expect(result, attack.name).toEqual({ failed: expect.stringMatching(/^over budget/) as unknown });
    }
  });

  it("ends a worker at its deadline whatever it is doing", async () => {
    // Within the budget, but 150,000 operators take pdf.js longer than 1 ms.
    const busy = pdfWithFlateContent(manyShows(150_000));
    expect(await readProofText(busy, { timeoutMs: 1 })).toEqual({ failed: "timed out" });
  });

  it("an operator count or a string length over its cap is refused", async () => {
    expect(await readProofText(pdfWithFlateContent(manyShows(1_000)), { maxOperators: 500 })).toEqual({ failed: "over budget: operators" });
    expect(await readProofText(pdfWithFlateContent(drawString(100_000)))).toEqual({ failed: "over budget: string length" });
    expect(await readProofText(pdfWithFlateContent(drawString(1_000)), { maxDecodedBytes: 500 })).toEqual({
      failed: "over budget: decoded size",
    });
  });
});
