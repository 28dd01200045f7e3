// The one rule for a file name we keep and show (docs/design/media.md#file-names): a name kept verbatim could carry
// right-to-left overrides, so "fatura\u202Efdp.exe" would read as "fatura.exe.pdf". Applied when a file is stored and
// again when it is served, so every row is shown safely, whenever it was written.

/** Longest name kept, in characters, extension included. */
export const MAX_FILE_NAME_LENGTH = 120;

// Control characters (C0, DEL, C1), bidi marks/embeddings/overrides/isolates, zero-width and BOM, line/paragraph separators.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]/g;
// Path separators, quotes and the other characters no file system or Content-Disposition header takes as they are.
const UNSAFE = /[\\/"'`:*?<>|;]/g;
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/** A file name safe to store, show and put in Content-Disposition; null when nothing usable is left. */
export function sanitizeFileName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = raw
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(UNSAFE, "_")
    .replace(/\s+/g, " ")
    .trim()
    // A leading dot would make a hidden file (or "..") when saved.
    .replace(/^[.\s]+/, "");
  if (!cleaned || /^[_\s.]*$/.test(cleaned)) return null;
  const chars = Array.from(cleaned); // by code points, so a cut never splits a surrogate pair
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const extension = EXTENSION.exec(cleaned)?.[0] ?? "";
  const keep = MAX_FILE_NAME_LENGTH - Array.from(extension).length;
  return chars.slice(0, keep).join("").trimEnd() + extension;
}
