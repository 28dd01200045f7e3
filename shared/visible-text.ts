// Text as a person (or a spreadsheet, or a mail client's link finder) reads it, for the checks that look at what a
// value *shows* rather than how it is spelt: a zero-width space before "=", a full-width "＝" or "ｗｗｗ．", a
// right-to-left mark inside a URL are all tricks to slip past a check on the raw characters
// (docs/design/security.md#text-that-hides-what-it-is).

/**
 * Characters that draw nothing: Unicode's format characters (zero-width space and joiners, bidi marks, embeddings
 * and isolates, the byte-order mark, the soft hyphen, tag characters) and the few invisible letters and marks
 * outside that category (combining grapheme joiner, Hangul and Khmer fillers, variation selectors, braille blank).
 */
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u2800\u3164\ufe00-\ufe0f\uffa0]/gu;

/**
 * The text as it shows: compatibility forms folded to their plain letters and signs (NFKC: "＝" is "=", "ｗ" is
 * "w", "①" is "1") and invisible characters taken out. Only for checks: what is stored stays as typed.
 */
export const visibleText = (value: string): string => value.normalize("NFKC").replace(INVISIBLE, "");
