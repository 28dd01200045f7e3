// The search's synonym groups, a small list edited by staff (docs/design/catalogue.md#search). A group is words a shopper
// may type for the same thing; searching any of them finds products named with the others.
import type { Db } from "../../db/client.ts";
import { foldText } from "../../../shared/search.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import { forgetSynonyms } from "./shop-queries.ts";

export const SYNONYM_LIST = {
  filters: { id: "ids" },
  sortable: ["createdAt"],
  defaultSort: { field: "createdAt", order: "ASC" },
} as const satisfies ListSpec<{ id: "ids" }>;

const NOT_FOUND = "Grupo de sinónimos não encontrado";
const MAX_WORDS = 20;
const MAX_WORD_LENGTH = 40;

interface SynonymGroup {
  id: string;
  words: string[];
}

/** Trimmed, lower-cased, without repeats (compared without accents); 400 unless 2 to 20 words of ≤ 40 characters. */
function cleanWords(words: string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of words) {
    const word = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (!word || seen.has(foldText(word))) continue;
    if (word.length > MAX_WORD_LENGTH) throw new AppError(400, `Cada palavra pode ter no máximo ${MAX_WORD_LENGTH} caracteres`);
    seen.add(foldText(word));
    clean.push(word);
  }
  if (clean.length < 2) throw new AppError(400, "Indique pelo menos duas palavras diferentes");
  if (clean.length > MAX_WORDS) throw new AppError(400, `No máximo ${MAX_WORDS} palavras por grupo`);
  return clean;
}

const select = { id: true, words: true } as const;

export async function listSynonyms(db: Db, query: ListQuery<{ id?: string[] }>): Promise<ListPage<SynonymGroup>> {
  const where = query.filter.id ? { id: { in: query.filter.id } } : {};
  const [rows, total] = await Promise.all([
    db.searchSynonym.findMany({ where, orderBy: orderByOf(query.sort), skip: query.offset, take: query.limit, select }),
    db.searchSynonym.count({ where }),
  ]);
  return { rows, total };
}

export async function getSynonyms(db: Db, id: string): Promise<SynonymGroup> {
  const row = await db.searchSynonym.findUnique({ where: { id }, select });
  if (!row) throw new AppError(404, NOT_FOUND);
  return row;
}

export async function createSynonyms(db: Db, words: string[]): Promise<SynonymGroup> {
  const row = await db.searchSynonym.create({ data: { words: cleanWords(words) }, select });
  forgetSynonyms();
  return row;
}

export async function updateSynonyms(db: Db, id: string, words: string[]): Promise<SynonymGroup> {
  const clean = cleanWords(words);
  const { count } = await db.searchSynonym.updateMany({ where: { id }, data: { words: clean } });
  if (!count) throw new AppError(404, NOT_FOUND);
  forgetSynonyms();
  return { id, words: clean };
}

export async function deleteSynonyms(db: Db, id: string): Promise<SynonymGroup> {
  const row = await getSynonyms(db, id);
  await db.searchSynonym.delete({ where: { id } });
  forgetSynonyms();
  return row;
}
