// pdfjs-dist ships no types for its worker module; proof-reader.ts only hands it back to pdf.js as
// `globalThis.pdfjsWorker`, which needs its WorkerMessageHandler export.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
