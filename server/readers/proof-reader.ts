// Reads a PDF payment proof ("comprovativo") for staff: its text layer, the money amounts and the Angolan
// IBANs written in it, and whether they match the order's amount and the shop's IBAN (docs/design/money.md#proofs).
// A hint only: forged receipts exist and the bank statement decides, so nothing here decides anything, and
// any PDF it cannot read (scanned, broken, too big, too slow) just gives an empty reading, never an error.
import { MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { electronicFormatIBAN } from "ibantools";
import { oneAtATime, runBoundedWorker, type WorkerFailure } from "./bounded-worker.ts";

/** An IBAN as banks store it (no separators, upper-case): the same ibantools call as the ledger's normalizeIban
 * (domain/payments/iban.ts), made here because a reader sits below the domain and imports none of it. */
const electronicIban = (input: string): string => electronicFormatIBAN(input) ?? "";

interface ProofReading {
  /** The text layer of the first pages, one line per text line ("" for a scanned PDF). */
  text: string;
  /** Amounts in kwanza written in the text, in order of appearance, without repeats. */
  amounts: number[];
  /** Angolan IBANs written in the text, normalized ("AO06…", no spaces), without repeats. */
  ibans: string[];
}

interface ProofMatch {
  amountFound: boolean;
  amountMatches: boolean;
  ibanFound: boolean;
  ibanMatches: boolean;
}

interface ProofReaderLimits {
  maxPages: number;
  maxBytes: number;
  /** The worker is terminated at this deadline (from its start), whatever it is doing. */
  timeoutMs: number;
  maxTextChars: number;
  /** What the PDF's text streams may decode to, in all (pdf-budget.mjs measures it before pdf.js runs). */
  maxDecodedBytes: number;
  /** Operators in its page descriptions, in all. */
  maxOperators: number;
  /** One string drawn on a page. */
  maxStringBytes: number;
  /** The worker's JavaScript heap (V8 ends the worker, not the server, when it is exceeded). */
  maxHeapMb: number;
  /** The process's resident memory may grow this much during a read before the worker is ended (buffers pdf.js
   * allocates outside its heap, e.g. an encrypted stream the budget could not decode). */
  maxMemoryGrowthBytes: number;
}

/**
 * A receipt's details are on its first page; three is generous and keeps a long document cheap. A bank's receipt
 * decodes to well under a megabyte with a few thousand operators; the budgets leave a wide margin above that.
 */
const DEFAULT_PROOF_LIMITS: ProofReaderLimits = {
  maxPages: 3,
  maxBytes: MAX_ATTACHMENT_BYTES,
  timeoutMs: 10_000,
  maxTextChars: 50_000,
  maxDecodedBytes: 16 * 1024 * 1024,
  maxOperators: 200_000,
  maxStringBytes: 64 * 1024,
  maxHeapMb: 128,
  maxMemoryGrowthBytes: 384 * 1024 * 1024,
};

const EMPTY: ProofReading = { text: "", amounts: [], ibans: [] };

/** Reads run one at a time (each may use a core and its memory budget); a few more wait, the rest get no hint. */
const proofQueue = oneAtATime(4);

/** Why a read gave no text, for tests and logs: `text` on success, `failed` with the reason otherwise. */
type ProofTextResult = { text: string } | WorkerFailure;

/**
 * The PDF's text layer, read in a worker thread with its own heap limit, terminated at the deadline or when the
 * process's memory grows past the budget: no file can hold the server's thread or exhaust its memory.
 */
export function readProofText(bytes: Uint8Array, limits: Partial<ProofReaderLimits> = {}): Promise<ProofTextResult> {
  const all = { ...DEFAULT_PROOF_LIMITS, ...limits };
  // A copy of the bytes: the caller keeps its buffer.
  return proofQueue(
    () =>
      runBoundedWorker<ProofTextResult>(new URL("./pdf-text-worker.mjs", import.meta.url), { ...all, bytes: new Uint8Array(bytes) }, all),
    { failed: "busy" },
  );
}

/** Reads a PDF proof's text layer and what it says about money. Never throws. */
export async function readProof(bytes: Uint8Array, limits: Partial<ProofReaderLimits> = {}): Promise<ProofReading> {
  const { maxBytes, maxTextChars } = { ...DEFAULT_PROOF_LIMITS, ...limits };
  if (bytes.length === 0 || bytes.length > maxBytes || !looksLikePdf(bytes)) return EMPTY;
  const result = await readProofText(bytes, limits);
  if (!("text" in result)) return EMPTY;
  const capped = result.text.slice(0, maxTextChars);
  return { text: capped, amounts: findAmounts(capped), ibans: findIbans(capped) };
}

/** Compares a reading with what the order expects: four yes/no hints for the Pagamentos queue. */
export function matchProof(
  reading: Pick<ProofReading, "amounts" | "ibans">,
  expected: { expectedAmount: number; shopIban: string | null | undefined },
): ProofMatch {
  const shopIban = expected.shopIban ? electronicIban(expected.shopIban) : "";
  return {
    amountFound: reading.amounts.length > 0,
    amountMatches: reading.amounts.some((amount) => Math.abs(amount - expected.expectedAmount) < 0.005),
    ibanFound: reading.ibans.length > 0,
    ibanMatches: shopIban !== "" && reading.ibans.includes(shopIban),
  };
}

/** What a proof's `hints` keep for the Pagamentos queue: what was read and whether it matches (no full text). */
type ProofHints = Pick<ProofReading, "amounts" | "ibans"> & ProofMatch;

export function proofHints(reading: ProofReading, expected: { expectedAmount: number; shopIban: string | null | undefined }): ProofHints {
  return { amounts: reading.amounts, ibans: reading.ibans, ...matchProof(reading, expected) };
}

/** Files start with "%PDF-" (readers tolerate a little junk before it, so look in the first KiB). */
function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
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
    const iban = electronicIban(match);
    if (!found.includes(iban)) found.push(iban);
  }
  return found;
}
