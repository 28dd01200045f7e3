// The proof reader's worker thread: reads a shopper's PDF text layer with pdf.js, away from the server's thread.
// The parent gives it the bytes and limits, and terminates it at its deadline or when memory runs over; a file over
// the budget (pdf-budget.mjs) is not parsed at all. Plain JavaScript: a worker thread has no TypeScript loader.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { PdfOverBudget, checkPdfBudget } from "./pdf-budget.mjs";

/** @type {{ bytes: Uint8Array, maxPages: number, maxDecodedBytes: number, maxOperators: number, maxStringBytes: number }} */
const job = workerData;

// A lower priority for this thread alone (Linux keeps a nice value per thread): on a small machine the server's
// own thread is scheduled first. Not the lowest: on a busy machine a read must still finish within its deadline.
try {
  setPriority(10);
} catch {
  // not permitted here: the deadline still bounds the read
}

async function extract() {
  checkPdfBudget(job.bytes, job);
  // pdf.js without a worker of its own: its worker module is handed over as `globalThis.pdfjsWorker`, the
  // documented way to parse on the current thread (this one).
  globalThis.pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: job.bytes,
    isEvalSupported: false,
    // No fonts are fetched or installed: only the text is wanted, and the standard fonts' metrics are built in.
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  const doc = await task.promise;
  const lines = [];
  for (let pageNumber = 1; pageNumber <= Math.min(doc.numPages, job.maxPages); pageNumber++) {
    const page = await doc.getPage(pageNumber);
    const content = await page.getTextContent();
    let line = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = "";
      }
    }
    if (line !== "") lines.push(line);
  }
  return lines.join("\n");
}

extract().then(
  (text) => parentPort?.postMessage({ text }),
  (error) =>
    parentPort?.postMessage({ failed: error instanceof PdfOverBudget ? `over budget: ${error.message}` : String(error?.message ?? error) }),
);
