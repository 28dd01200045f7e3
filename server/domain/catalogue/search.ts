// The catalogue search (docs/design/catalogue.md#search). Written as SQL because it rests on PostgreSQL features Prisma cannot express:
// `loja_fold` (unaccent + lower) and pg_trgm's word similarity, on folded text stored with each product and
// GIN-indexed (migrations 20261124150000 and 20261124190000), which PGlite has too. Every word of the query must
// match (AND); a word matches through any of its synonyms (OR): as a substring of the name, category,
// sub-category or description (a word of three letters or fewer: a word start there, but not in the description),
// or, the word typed with one wrong letter, as a word of the name (`<%`, threshold in server/db/client.ts). Names
// weigh most in the ranking.
import { Prisma } from "../../db/client.ts";
import { TAXONOMY } from "../../../shared/catalogue.ts";
import { foldText, searchWords } from "../../../shared/search.ts";

/** Each word of the query with the words of its synonym groups (all folded). */
export function expandWithSynonyms(query: string, groups: readonly (readonly string[])[]): string[][] {
  const folded = groups.map((g) => g.map(foldText));
  return searchWords(query).map((word) => {
    const alternatives = new Set([word]);
    for (const group of folded) if (group.includes(word)) for (const synonym of group) alternatives.add(synonym);
    return [...alternatives];
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (text: string) => `%${escapeLike(text)}%`;
/** LIKE patterns for "the name or a word after a space starts with `text`". */
const wordStartPatterns = (text: string) => [`${escapeLike(text)}%`, `% ${escapeLike(text)}%`];
/** A regular expression for "a word starting with `text`": everything but letters and digits taken literally. */
const wordStartRegex = (text: string) => `\\m${text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`)}`;

/** Stored with each product, folded by the database when it changes (migration 20261124190000), GIN-indexed. */
const DOC = Prisma.sql`p."search_doc"`;
const NAME = Prisma.sql`p."search_name"`;

/**
 * Words of three letters or fewer ("pro", "tv") are looked for only at the start of a word of the name: as
 * substrings of the whole text they match nearly everything ("pro" is in every "produto"). Nor do they get a
 * typo test: a trigram guess on three letters finds nonsense.
 */
const SHORT_WORD = 3;
const isShort = (a: string) => a.length <= SHORT_WORD;
const textArray = (values: string[]) => Prisma.sql`${values}::text[]`;

/** The folded words of a label ("TVs & Monitores" → tvs, monitores). */
const labelWords = (label: string) =>
  foldText(label)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Products whose category or sub-category (the shop's fixed list, so resolved here rather than by folding every
 * row) has a word starting with one of the short words: "tv" finds "TVs & Monitores". B-tree indexed.
 */
function taxonomyMatches(short: string[]): Prisma.Sql[] {
  const hit = (label: string) => labelWords(label).some((w) => short.some((a) => w.startsWith(a)));
  return Object.entries(TAXONOMY).flatMap(([category, subs]) =>
    hit(category)
      ? [Prisma.sql`p."category" = ${category}`]
      : subs.filter(hit).map((sub) => Prisma.sql`(p."category" = ${category} AND p."sub_category" = ${sub})`),
  );
}

/**
 * The WHERE condition of one word (`alternatives[0]` is the word typed, the rest its synonyms): any alternative
 * in the text (a short one at a word start of the name, category or sub-category), or the typed word, one letter
 * wrong, as a word of the name (`<%`). One indexable test of each kind (LIKE/~ ANY and `<%` on the GIN indexes),
 * however many synonyms.
 */
function wordMatches(alternatives: string[]): Prisma.Sql {
  const typed = alternatives[0]!;
  const long = alternatives.filter((a) => !isShort(a));
  const short = alternatives.filter(isShort);
  const parts: Prisma.Sql[] = [];
  if (long.length) parts.push(Prisma.sql`${DOC} LIKE ANY (${textArray(long.map(likePattern))})`);
  // LIKE first, a cheap check of the rows the index finds; the regular expression (~6 µs a row in PGlite) only
  // for a word start after punctuation.
  if (short.length)
    parts.push(
      Prisma.sql`${NAME} LIKE ANY (${textArray(short.flatMap(wordStartPatterns))})`,
      Prisma.sql`${NAME} ~ ANY (${textArray(short.map(wordStartRegex))})`,
      ...taxonomyMatches(short),
    );
  if (hasTypoTest(typed)) parts.push(Prisma.sql`${typed} <% ${NAME}`);
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}
const hasTypoTest = (typed: string) => !isShort(typed) && !typed.includes(" ");

/**
 * How well one word matched, from cheap tests on the stored text only (a few hundred matches are ranked per
 * query, thousands for a common word): a word of the name starts with it (4), the name contains it (3), the name
 * has it with a wrong letter (2: the only way left to match, when the word has a typo test), only the rest of the
 * text has it (1).
 */
function wordScore(alternatives: string[]): Prisma.Sql {
  const long = alternatives.filter((a) => !isShort(a));
  const starts = alternatives.flatMap(wordStartPatterns);
  const inName = long.length ? Prisma.sql` WHEN ${NAME} LIKE ANY (${textArray(long.map(likePattern))}) THEN 3` : Prisma.empty;
  const inText = long.length ? Prisma.sql` WHEN ${DOC} LIKE ANY (${textArray(long.map(likePattern))}) THEN 1` : Prisma.empty;
  return Prisma.sql`(CASE WHEN ${NAME} LIKE ANY (${textArray(starts)}) THEN 4${inName}${inText} ELSE ${hasTypoTest(alternatives[0]!) ? 2 : 1} END)`;
}

export interface SearchFilter {
  words: string[][];
  categories: string[];
  subCategories: string[];
  bestseller?: boolean;
}

export type CatalogueSort = "relevance" | "price_asc" | "price_desc" | "newest";

const order = (sort: CatalogueSort, prefix: Prisma.Sql = Prisma.empty): Prisma.Sql =>
  ({
    relevance: Prisma.sql`score DESC, ${prefix}created_at ASC, ${prefix}id ASC`,
    price_asc: Prisma.sql`${prefix}price ASC, ${prefix}id ASC`,
    price_desc: Prisma.sql`${prefix}price DESC, ${prefix}id ASC`,
    newest: Prisma.sql`${prefix}created_at DESC, ${prefix}id DESC`,
  })[sort];

function conditions(filter: SearchFilter): Prisma.Sql {
  const parts = [Prisma.sql`p."deleted_at" IS NULL AND NOT p."hidden"`, ...filter.words.map(wordMatches)];
  if (filter.categories.length) parts.push(Prisma.sql`p."category" IN (${Prisma.join(filter.categories)})`);
  if (filter.subCategories.length) parts.push(Prisma.sql`p."sub_category" IN (${Prisma.join(filter.subCategories)})`);
  if (filter.bestseller !== undefined) parts.push(Prisma.sql`p."bestseller" = ${filter.bestseller}`);
  return Prisma.join(parts, " AND ");
}

/**
 * One page of matching product ids in order, and how many match in all (one row, even past the last page).
 * Without words it is a plain filtered list that the b-tree indexes order; with words the matches are found
 * through the trigram indexes and ranked from the stored folded text (scored only when sorting by relevance).
 */
export function searchQuery(filter: SearchFilter, sort: CatalogueSort, skip: number, take: number): Prisma.Sql {
  if (!filter.words.length) {
    const relevance = sort === "relevance" ? Prisma.sql`p.created_at ASC, p.id ASC` : order(sort, Prisma.sql`p.`);
    return Prisma.sql`
      SELECT (SELECT count(*) FROM "products" p WHERE ${conditions(filter)})::int AS total,
             coalesce((SELECT json_agg(id) FROM (SELECT p.id FROM "products" p WHERE ${conditions(filter)} ORDER BY ${relevance} LIMIT ${take} OFFSET ${skip}) page), '[]'::json) AS ids`;
  }
  const score = sort === "relevance" ? Prisma.join(filter.words.map(wordScore), " + ") : Prisma.sql`0`;
  return Prisma.sql`
    WITH matches AS (
      SELECT p."id" AS id, p."created_at" AS created_at, p."price" AS price, ${score} AS score
      FROM "products" p
      WHERE ${conditions(filter)}
    )
    SELECT (SELECT count(*) FROM matches)::int AS total,
           coalesce((SELECT json_agg(id) FROM (SELECT id FROM matches ORDER BY ${order(sort)} LIMIT ${take} OFFSET ${skip}) page), '[]'::json) AS ids`;
}

/**
 * Run before a search with words, in its transaction. The planner prices every test on a row like a comparison
 * (cpu_operator_cost 0.0025, 1/400 of reading a page), but pg_trgm's typo test costs microseconds: so for a word
 * with a few hundred matches it preferred reading every product and testing each (144 ms for "telefone" on
 * PostgreSQL) to the trigram indexes, which leave a few hundred rows to check (6 ms). Priced a hundred times
 * higher, the tests make the planner read the indexes whenever they narrow the search, and still scan when a word
 * is everywhere.
 */
export const SEARCH_PLANNER_COSTS = Prisma.sql`SET LOCAL cpu_operator_cost = 0.25`;
