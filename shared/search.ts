// How a shopper's search text is read, for the server's catalogue query and anything that highlights matches:
// case and accents ignored ("TÉNIS" = "tenis"), words split on spaces and punctuation.

/** Lower-case without accents, as PostgreSQL's `loja_fold` (unaccent + lower) makes the catalogue's text. */
export const foldText = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** At most this many words of a query are looked at (a pasted paragraph is not a search). */
const MAX_SEARCH_WORDS = 6;

/** The query's words, folded, without duplicates. */
export function searchWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
