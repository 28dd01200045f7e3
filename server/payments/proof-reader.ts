// Reads a PDF payment proof ("comprovativo") for staff: its text layer, the money amounts and the Angolan
// IBANs written in it, and whether they match the order's amount and the shop's IBAN (docs/design/money.md#proofs).
// A hint only: forged receipts exist and the bank statement decides, so nothing here decides anything, and
// any PDF it cannot read (scanned, broken, too big, too slow) just gives an empty reading, never an error.
import { MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { normalizeIban } from "./iban.ts";

export interface ProofReading {
  /** The text layer of the first pages, one line per text line ("" for a scanned PDF). */
  text: string;
  /** Amounts in kwanza written in the text, in order of appearance, without repeats. */
  amounts: number[];
  /** Angolan IBANs written in the text, normalized ("AO06…", no spaces), without repeats. */
  ibans: string[];
}

export interface ProofMatch {
  amountFound: boolean;
  amountMatches: boolean;
  ibanFound: boolean;
  ibanMatches: boolean;
}

export interface ProofReaderLimits {
  maxPages: number;
  maxBytes: number;
  timeoutMs: number;
  maxTextChars: number;
}

/** A receipt's details are on its first page; three is generous and keeps a long document cheap. */
export const DEFAULT_PROOF_LIMITS: ProofReaderLimits = {
  maxPages: 3,
  maxBytes: MAX_ATTACHMENT_BYTES,
  timeoutMs: 5_000,
  maxTextChars: 50_000,
};

const EMPTY: ProofReading = { text: "", amounts: [], ibans: [] };

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded on first use (it is large). The legacy build is the one for Node; its worker module is
 * loaded into this thread and handed over as `globalThis.pdfjsWorker`, pdf.js's documented way to run
 * without a separate worker. Same pdfjs-dist package (and version) as the storefront's PDF viewer.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return pdfjs;
}

/** Reads a PDF proof's text layer and what it says about money. Never throws. */
export async function readProof(bytes: Uint8Array, limits: Partial<ProofReaderLimits> = {}): Promise<ProofReading> {
  const { maxPages, maxBytes, timeoutMs, maxTextChars } = { ...DEFAULT_PROOF_LIMITS, ...limits };
  if (bytes.length === 0 || bytes.length > maxBytes || !looksLikePdf(bytes)) return EMPTY;
  try {
    const text = await extractText(bytes, maxPages, timeoutMs);
    const capped = text.slice(0, maxTextChars);
    return { text: capped, amounts: findAmounts(capped), ibans: findIbans(capped) };
  } catch {
    return EMPTY;
  }
}

/** Compares a reading with what the order expects: four yes/no hints for the Pagamentos queue. */
export function matchProof(
  reading: Pick<ProofReading, "amounts" | "ibans">,
  expected: { expectedAmount: number; shopIban: string | null | undefined },
): ProofMatch {
  const shopIban = expected.shopIban ? normalizeIban(expected.shopIban) : "";
  return {
    amountFound: reading.amounts.length > 0,
    amountMatches: reading.amounts.some((amount) => Math.abs(amount - expected.expectedAmount) < 0.005),
    ibanFound: reading.ibans.length > 0,
    ibanMatches: shopIban !== "" && reading.ibans.includes(shopIban),
  };
}

/** What a proof's `hints` keep for the Pagamentos queue: what was read and whether it matches (no full text). */
export type ProofHints = Pick<ProofReading, "amounts" | "ibans"> & ProofMatch;

export function proofHints(reading: ProofReading, expected: { expectedAmount: number; shopIban: string | null | undefined }): ProofHints {
  return { amounts: reading.amounts, ibans: reading.ibans, ...matchProof(reading, expected) };
}

/** Files start with "%PDF-" (readers tolerate a little junk before it, so look in the first KiB). */
function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

async function extractText(bytes: Uint8Array, maxPages: number, timeoutMs: number): Promise<string> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    // No fonts are fetched or installed: only the text is wanted, and the standard fonts' metrics are built in.
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  // Two guards on time: a timer, for a load that waits on something; and a deadline checked between steps,
  // because pdf.js without a worker parses in promise callbacks, which a timer cannot interrupt.
  const deadline = Date.now() + timeoutMs;
  const checkDeadline = () => {
    if (Date.now() >= deadline) throw new Error("proof reading timed out");
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("proof reading timed out")), timeoutMs);
  });
  const read = (async () => {
    const doc = await task.promise;
    const lines: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.min(doc.numPages, maxPages); pageNumber++) {
      checkDeadline();
      const page = await doc.getPage(pageNumber);
      const content = await page.getTextContent();
      checkDeadline();
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
      page.cleanup();
    }
    return lines.join("\n");
  })();
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
    read.catch(() => {});
    await task.destroy().catch(() => {});
  }
}

// Money as receipts write it: "12.500,00", "12 500,00 Kz", "AOA 12,500.00", "12500,00", "Kz 12.500".
// An integer part (plain, or in groups of three joined by one separator) and optional 2-digit decimals with
// the other separator. Not inside a longer number or word (dates such as 23.11.2026 are not read as money).
const AMOUNT = /(?<![\w.,])(\d{1,3}(?:([ .,])\d{3})(?:\2\d{3})*|\d+)(?:([.,])(\d{2}))?(?!\d|[.,]\d)/g;
const CURRENCY_BEFORE = /(?:kz|aoa)\.?\s?$/i;
const CURRENCY_AFTER = /^\s?(?:kz|aoa|kwanzas?)\b/i;

/** The amounts written in `text`. Whole numbers count only beside a currency (Kz, AOA), so references,
 * account numbers and quantities are not mistaken for money. */
export function findAmounts(text: string): number[] {
  const flat = text.replace(/[\u00a0\u202f\u2007]/g, " ");
  const found: number[] = [];
  for (const match of flat.matchAll(AMOUNT)) {
    const [whole, integer = "", groupSeparator, decimalSeparator, cents] = match;
    if (groupSeparator !== undefined && groupSeparator === decimalSeparator) continue;
    const start = match.index;
    const hasCurrency =
      CURRENCY_BEFORE.test(flat.slice(Math.max(0, start - 5), start)) ||
      CURRENCY_AFTER.test(flat.slice(start + whole.length, start + whole.length + 9));
    if (cents === undefined && !hasCurrency) continue;
    const value = Number(`${integer.replace(/[ .,]/g, "")}.${cents ?? "00"}`);
    if (value > 0 && !found.includes(value)) found.push(value);
  }
  return found;
}

// "AO" and 23 digits, with a space allowed between any two (as IBANs are printed in groups of four).
const ANGOLAN_IBAN = /(?<![A-Za-z0-9])AO\s?\d\s?\d(?:\s?\d){21}(?!\d)/gi;

/** The Angolan IBANs written in `text`, normalized. Their shape is checked, not their check digits: a
 * mistyped IBAN on a receipt is worth showing to staff too (it will not match the shop's). */
export function findIbans(text: string): string[] {
  const flat = text.replace(/[\u00a0\u202f\u2007]/g, " ");
  const found: string[] = [];
  for (const [match] of flat.matchAll(ANGOLAN_IBAN)) {
    const iban = normalizeIban(match);
    if (!found.includes(iban)) found.push(iban);
  }
  return found;
}
