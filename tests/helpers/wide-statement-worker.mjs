// Writes a bank statement XLSX 30 columns wide in a worker thread of the test process, so the workbook's garbage
// (hundreds of thousands of objects) is never collected on the thread whose latency statement-attack.test.ts
// measures. workerData: { rows, tag, farCell }; posts the file's bytes.
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

const { rows, tag, farCell } = workerData;
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Extrato");
sheet.addRow([
  "Data Movimento",
  "Data Valor",
  "Descritivo",
  "Débito",
  "Crédito",
  "Saldo",
  ...Array.from({ length: 24 }, (_, i) => `Campo ${i + 1}`),
]);
for (let r = 0; r < rows; r++) {
  const row = sheet.addRow([
    "25-11-2026",
    "25-11-2026",
    `TRF ${tag} ${r}`,
    "",
    1000 + r,
    1_000_000 + r,
    ...Array.from({ length: 24 }, (_, c) => (c % 4 ? "" : "x")),
  ]);
  // The sheet's last column, in the rows where the header is looked for: a reader that walks a row's cells up to it
  // goes through 16,384 of them.
  if (farCell && r < 30) row.getCell(16_384).value = "x";
}
const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
parentPort.postMessage(bytes, [bytes.buffer]);
