// Hostile or simply big bank statements must not hold the server (issue 39, M3): while an admin's upload is read and
// its lines stored, a route with no database work answers every probe within 250 ms. The files are the audit's:
// an XLSX of 30 columns × 4,000 rows (~350 KB; it froze every other request for 22 s), one of 30 × 8,000 (~700 KB,
// 55 s), the same with a cell in the sheet's last column (XFD: "unbounded columns"), and a plain CSV of 10,000 rows,
// the documented maximum (4–7 s on the embedded database). Made here with exceljs, not committed.
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, type TestApp } from "../helpers/app.ts";
import { expectProbesInTime, probeDuring } from "../helpers/latency-probe.ts";
import { listen } from "./chat-fixtures.ts";
import { multipart } from "./admin-fixtures.ts";
import { readStatement } from "../../server/readers/statement-reader.ts";
import type { StatementImportReply } from "../../server/schemas/admin-bank-statements.ts";

let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_DEADLINE_WORKER: "false" } });
  base = (await listen(t.app)).replace("ws://", "http://").replace(/\/ws$/, "");
  admin = await createStaff(t, "admin");
}, 120_000);
afterAll(() => t.close());

/** A bank's export 30 columns wide: its six columns, 24 more, and `rows` credit lines named after `tag`. */
function wideStatement(rows: number, tag: string, opts: { farCell?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("../helpers/wide-statement-worker.mjs", import.meta.url), {
      workerData: { rows, tag, farCell: opts.farCell ?? false },
    });
    worker.once("message", (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.once("error", reject);
  });
}

const tenThousandLines = () =>
  Buffer.from(
    ["Data;Descritivo;Crédito", ...Array.from({ length: 10_000 }, (_, i) => `25-11-2026;TRF CSV ${i};${1000 + i},00`)].join("\n"),
  );

async function postStatement(bytes: Buffer, filename: string) {
  const form = multipart([{ name: "file", file: { bytes, filename, type: "application/octet-stream" } }]);
  const res = await fetch(`${base}/admin/api/bank-statements`, {
    method: "POST",
    headers: { ...admin.auth, ...form.headers },
    body: form.payload,
  });
  return { status: res.status, body: (await res.json()) as StatementImportReply & { message?: string } };
}

describe("big and hostile statements", () => {
  beforeAll(async () => {
    // A warm server: its first import and first probes load and compile code that later requests reuse (the
    // embedded database's first few hundred inserts cost several times what later ones do).
    expect((await postStatement(await wideStatement(500, "AQUECER"), "aquecer.xlsx")).status).toBe(200);
    await probeDuring(base, new Promise((resolve) => setTimeout(resolve, 300)));
  }, 120_000);

  it("a 30 × 4,000 XLSX is read and its 4,000 lines stored without holding other requests", async () => {
    const bytes = await wideStatement(4000, "A");
    expect(bytes.length).toBeGreaterThan(300_000);
    const { result, latencies } = await probeDuring(base, postStatement(bytes, "extrato-4000.xlsx"));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ imported: 4000, unmatched: 4000, ignored: 0 });
    expectProbesInTime(latencies);
  }, 180_000);

  it("a 30 × 8,000 XLSX too", async () => {
    const bytes = await wideStatement(8000, "B");
    expect(bytes.length).toBeGreaterThan(600_000);
    const { result, latencies } = await probeDuring(base, postStatement(bytes, "extrato-8000.xlsx"));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ imported: 8000, unmatched: 8000 });
    expectProbesInTime(latencies);
  }, 240_000);

  it("one with a cell in the sheet's last column is refused, without holding other requests", async () => {
    const bytes = await wideStatement(4000, "C", { farCell: true });
    const { result, latencies } = await probeDuring(base, postStatement(bytes, "extrato-xfd.xlsx"));
    expect([result.status, result.body.message]).toEqual([
      400,
      "O extrato tem dados em mais de 50 colunas: importe o ficheiro tal como o banco o exporta",
    ]);
    expectProbesInTime(latencies);
    expect(await t.prisma.bankStatementLine.count({ where: { description: { startsWith: "TRF C " } } })).toBe(0);
  }, 180_000);

  it("a 10,000-line CSV, the documented maximum, imports without holding other requests", async () => {
    const { result, latencies } = await probeDuring(base, postStatement(tenThousandLines(), "extrato-10000.csv"));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ imported: 10_000, unmatched: 10_000 });
    expectProbesInTime(latencies);
  }, 240_000);
});

describe("the reader's caps, in its worker", () => {
  it("keeps at most 50 columns: empty cells beyond are dropped, a filled one refuses the file", async () => {
    const wide = (last: string) =>
      Buffer.from(`Data;Descritivo;Crédito${";".repeat(60)}\n25-11-2026;TRF;1.000,00${";".repeat(60)}${last}\n`);
    const read = await readStatement(wide(""), { stored: [] });
    expect(read).toMatchObject({ kind: "csv", reading: { header: { row: 0 }, rows: [{ rowNumber: 2, date: "25-11-2026" }] } });
    expect(await readStatement(wide("x"), { stored: [] })).toEqual({ failed: "too-many-columns" });
  });

  it("cuts cells to 1,000 characters and hands back only the four columns it reads", async () => {
    const long = "A".repeat(3000);
    const csv = Buffer.from(`Data;Saldo;Descritivo;Crédito;Nota\n25-11-2026;9,00;${long};1.000,00;${long}\n`);
    const read = await readStatement(csv, { stored: [] });
    if (!("reading" in read) || !("rows" in read.reading)) throw new Error(JSON.stringify(read));
    expect(read.reading.rows).toEqual([
      { rowNumber: 2, date: "25-11-2026", description: "A".repeat(1000), amount: "1.000,00", reference: null, summary: false },
    ]);
  });
});
