// The catalogue search (issue 14). Written as SQL because it rests on PostgreSQL features Prisma cannot express:
// `loja_fold` (unaccent + lower) and pg_trgm's word similarity, both backed by the GIN indexes of migration
// 20261124150000, which PGlite has too. Every word of the query must match (AND); a word matches through any of
// its synonyms (OR): as a substring of the name, category, sub-category or description, or, with one wrong
// letter, as a word of the name (`<%`, threshold in server/db/client.ts). Names weigh most in the ranking.
import { Prisma } from "../../db/client.ts";
import { foldText, searchWords } from "../../../shared/search.ts";

/** Shorter words are matched as substrings only: a trigram guess on three letters finds nonsense. */
const MIN_FUZZY_LENGTH = 4;

/** Each word of the query with the words of its synonym groups (all folded). */
export function expandWithSynonyms(query: string, groups: readonly (readonly string[])[]): string[][] {
  const folded = groups.map((g) => g.map(foldText));
  return searchWords(query).map((word) => {
    const alternatives = new Set([word]);
    for (const group of folded) if (group.includes(word)) for (const synonym of group) alternatives.add(synonym);
    return [...alternatives];
  });
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DOC = Prisma.sql`loja_search_doc(p."name", p."category", p."sub_category", p."description")`;
const NAME = Prisma.sql`loja_fold(p."name")`;

/** The WHERE condition of one word: any alternative found (indexable: LIKE and `<%` on the GIN indexes). */
function wordMatches(alternatives: string[]): Prisma.Sql {
  const parts = alternatives.flatMap((a) => {
    const substring = Prisma.sql`${DOC} LIKE ${likePattern(a)}`;
    return a.length >= MIN_FUZZY_LENGTH && !a.includes(" ") ? [substring, Prisma.sql`${a} <% ${NAME}`] : [substring];
  });
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}

/**
 * How well one word matched: in the name (substring 3, similarity up to 2) above elsewhere (1). Reads the
 * folded name and document computed once per matching row (`fname`, `doc` below), not the functions again.
 */
function wordScore(alternatives: string[]): Prisma.Sql {
  const scores = alternatives.map(
    (a) => Prisma.sql`(CASE WHEN fname LIKE ${likePattern(a)} THEN 3 ELSE 0 END + 2 * word_similarity(${a}, fname) + CASE WHEN doc LIKE ${likePattern(a)} THEN 1 ELSE 0 END)`,
  );
  return scores.length === 1 ? scores[0]! : Prisma.sql`GREATEST(${Prisma.join(scores)})`;
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
 * Without words it is a plain filtered list that the b-tree indexes order; with words the matches (a few hundred
 * at most in a real catalogue) are scored, with each row's folded text computed once (`OFFSET 0` keeps
 * PostgreSQL from inlining the subquery and computing it again for every use).
 */
export function searchQuery(filter: SearchFilter, sort: CatalogueSort, skip: number, take: number): Prisma.Sql {
  if (!filter.words.length) {
    const relevance = sort === "relevance" ? Prisma.sql`p.created_at ASC, p.id ASC` : order(sort, Prisma.sql`p.`);
    return Prisma.sql`
      SELECT (SELECT count(*) FROM "products" p WHERE ${conditions(filter)})::int AS total,
             coalesce((SELECT json_agg(id) FROM (SELECT p.id FROM "products" p WHERE ${conditions(filter)} ORDER BY ${relevance} LIMIT ${take} OFFSET ${skip}) page), '[]'::json) AS ids`;
  }
  const score = Prisma.join(filter.words.map(wordScore), " + ");
  return Prisma.sql`
    WITH matches AS (
      SELECT id, created_at, price, ${score} AS score
      FROM (
        SELECT p."id" AS id, p."created_at" AS created_at, p."price" AS price, ${NAME} AS fname, ${DOC} AS doc
        FROM "products" p
        WHERE ${conditions(filter)}
        OFFSET 0
      ) folded
    )
    SELECT (SELECT count(*) FROM matches)::int AS total,
           coalesce((SELECT json_agg(id) FROM (SELECT id FROM matches ORDER BY ${order(sort)} LIMIT ${take} OFFSET ${skip}) page), '[]'::json) AS ids`;
}
