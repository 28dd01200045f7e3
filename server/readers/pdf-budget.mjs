// What a PDF would cost pdf.js to read for its text, measured before pdf.js sees it: the bytes its streams
// decode to and the operators its page descriptions hold. A few kilobytes of FlateDecode can decode to hundreds
// of megabytes (one string of 20 million characters, or millions of `(A) Tj`), which pdf.js would then parse
// for minutes. Plain JavaScript (no TypeScript): it runs in the proof reader's worker thread, which has no loader.
import { inflateSync } from "node:zlib";

/** Over budget: the file is not read at all (no hint). */
export class PdfOverBudget extends Error {}

const latin1 = new TextDecoder("latin1");

/** Filters this check decodes itself; none of them can expand beyond what is measured here. */
const DECODED_FILTERS = new Set(["FlateDecode", "Fl", "ASCIIHexDecode", "AHx", "ASCII85Decode", "A85"]);

/**
 * Throws PdfOverBudget when the text-bearing streams decode to more than `maxDecodedBytes` in all, when their page
 * descriptions hold more than `maxOperators` operators, or when one string in them is longer than `maxStringBytes`.
 * Images are skipped (pdf.js does not decode them for text). A stream that does not decode here (encrypted, broken)
 * is left to pdf.js, which reads it within the worker's memory and time limits.
 * @param {Uint8Array} bytes
 * @param {{ maxDecodedBytes: number, maxOperators: number, maxStringBytes: number }} limits
 */
export function checkPdfBudget(bytes, limits) {
  const text = latin1.decode(bytes);
  let decodedTotal = 0;
  let operators = 0;
  const streamStart = /\bstream(?:\r\n|\n|\r)/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const dictEnd = text.lastIndexOf(">>", match.index);
    const objStart = text.lastIndexOf(" obj", match.index);
    if (dictEnd < 0 || objStart < 0 || objStart > dictEnd) continue;
    const dict = text.slice(objStart, dictEnd + 2);
    const dataStart = match.index + match[0].length;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let dataEnd = declared ? dataStart + Number(declared[1]) : text.indexOf("endstream", dataStart);
    if (dataEnd < dataStart || dataEnd > text.length) dataEnd = text.indexOf("endstream", dataStart);
    if (dataEnd < 0) dataEnd = text.length;
    streamStart.lastIndex = dataEnd;
    if (/\/Subtype\s*\/Image\b/.test(dict)) continue;

    const filters = filterNames(dict);
    if (filters.some((name) => !DECODED_FILTERS.has(name))) {
      // LZW and RunLength expand without a bound this check could measure cheaply; text streams do not use them.
      throw new PdfOverBudget(`undecoded filter ${filters.join(",")}`);
    }
    let data = bytes.subarray(dataStart, dataEnd);
    try {
      for (const name of filters) data = decode(name, data, limits.maxDecodedBytes - decodedTotal);
    } catch (error) {
      if (error instanceof PdfOverBudget) throw error;
      continue;
    }
    decodedTotal += data.length;
    if (decodedTotal > limits.maxDecodedBytes) throw new PdfOverBudget("decoded size");
    if (isPageDescription(dict)) {
      operators += countOperators(data, limits.maxOperators - operators, limits.maxStringBytes);
    }
  }
}

/** @param {string} dict */
function filterNames(dict) {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!match) return [];
  return [...match[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]);
}

/**
 * @param {string} name
 * @param {Uint8Array} data
 * @param {number} room bytes still allowed
 * @returns {Uint8Array}
 */
function decode(name, data, room) {
  if (name === "FlateDecode" || name === "Fl") {
    try {
      return inflateSync(data, {
        maxOutputLength: Math.max(1, room + 1),
        finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short still counts */,
      });
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code === "ERR_BUFFER_TOO_LARGE") throw new PdfOverBudget("decoded size");
      throw error;
    }
  }
  if (name === "ASCIIHexDecode" || name === "AHx") {
    const hex = latin1
      .decode(data)
      .replace(/[^0-9A-Fa-f>]/g, "")
      .split(">")[0];
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex");
  }
  return ascii85(data);
}

/** @param {Uint8Array} data */
function ascii85(data) {
  const body = latin1.decode(data).split("~>")[0].replace(/\s/g, "");
  const out = [];
  let group = [];
  for (const char of body) {
    if (char === "z" && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) throw new Error("bad ASCII85");
    group.push(code);
    if (group.length === 5) {
      let value = 0;
      for (const digit of group) value = value * 85 + digit;
      out.push((value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const size = group.length - 1;
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    out.push(...[(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].slice(0, size));
  }
  return Uint8Array.from(out);
}

/**
 * Page contents and form XObjects carry no /Type (or /Type /XObject with /Subtype /Form); fonts, object streams,
 * cross-reference streams, colour profiles and metadata are other bytes, not operators.
 * @param {string} dict
 */
function isPageDescription(dict) {
  if (/\/Subtype\s*\/Form\b/.test(dict)) return true;
  return !/\/(Type|Subtype|Length1|Length2|N)\b/.test(dict);
}

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

/**
 * Counts the operators in a page description (a word that is not a number, a name, a string or true/false/null)
 * and throws once there are more than `room`, or once a string is longer than `maxStringBytes`.
 * @param {Uint8Array} data
 * @param {number} room
 * @param {number} maxStringBytes
 */
function countOperators(data, room, maxStringBytes) {
  let count = 0;
  let i = 0;
  const n = data.length;
  while (i < n) {
    const c = data[i];
    if (WHITE.has(c)) {
      i++;
    } else if (c === 37 /* % comment */) {
      while (i < n && data[i] !== 10 && data[i] !== 13) i++;
    } else if (c === 40 /* ( string */) {
      const start = i;
      let depth = 0;
      for (; i < n; i++) {
        const s = data[i];
        if (s === 92) i++;
        else if (s === 40) depth++;
        else if (s === 41 && --depth === 0) break;
      }
      i++;
      if (i - start > maxStringBytes) throw new PdfOverBudget("string length");
    } else if (c === 60 && data[i + 1] !== 60 /* <hex> */) {
      const start = i;
      while (i < n && data[i] !== 62) i++;
      i++;
      if (i - start > 2 * maxStringBytes) throw new PdfOverBudget("string length");
    } else if (c === 47 /* /Name */) {
      i++;
      while (i < n && !WHITE.has(data[i]) && !DELIMITERS.has(data[i])) i++;
    } else if (DELIMITERS.has(c)) {
      i++;
    } else {
      const start = i;
      while (i < n && !WHITE.has(data[i]) && !DELIMITERS.has(data[i])) i++;
      const first = data[start];
      const numeric = (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46;
      if (!numeric) {
        const word = latin1.decode(data.subarray(start, Math.min(i, start + 6)));
        if (word !== "true" && word !== "false" && word !== "null") {
          if (++count > room) throw new PdfOverBudget("operators");
          // An inline image's bytes (BI … ID <bytes> EI) are data, not operators.
          if (word === "ID") {
            while (i < n && !(data[i] === 69 && data[i + 1] === 73 && WHITE.has(data[i - 1]))) i++;
          }
        }
      }
    }
  }
  return count;
}
