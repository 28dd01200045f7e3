// Saved answers staff insert into a reply ("Respostas rápidas"): admins write them, every agent reads them. The
// text keeps its placeholders ({banco}, {titular}, {iban}); the console fills them when inserting
// (shared/support.ts), so a change of bank details never leaves an old IBAN in a saved answer.
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";

export const QUICK_REPLY_LIST = {
  filters: { id: "ids" },
  sortable: ["title", "createdAt"],
  defaultSort: { field: "title", order: "ASC" },
} as const satisfies ListSpec<{ id: "ids" }>;

const NOT_FOUND = "Resposta rápida não encontrada";

interface QuickReply {
  id: string;
  title: string;
  text: string;
}

const select = { id: true, title: true, text: true } as const;

/** Trimmed; 400 when the title or the text is blank (lengths are the schema's). */
function clean(input: { title: string; text: string }) {
  const title = input.title.trim();
  const text = input.text.trim();
  if (!title) throw new AppError(400, "Indique um título");
  if (!text) throw new AppError(400, "Escreva o texto da resposta");
  return { title, text };
}

export async function listQuickReplies(db: Db, query: ListQuery<{ id?: string[] }>): Promise<ListPage<QuickReply>> {
  const where = query.filter.id ? { id: { in: query.filter.id } } : {};
  const [rows, total] = await Promise.all([
    db.quickReply.findMany({ where, orderBy: orderByOf(query.sort), skip: query.offset, take: query.limit, select }),
    db.quickReply.count({ where }),
  ]);
  return { rows, total };
}

export async function getQuickReply(db: Db, id: string): Promise<QuickReply> {
  const row = await db.quickReply.findUnique({ where: { id }, select });
  if (!row) throw new AppError(404, NOT_FOUND);
  return row;
}

export const createQuickReply = (db: Db, input: { title: string; text: string }): Promise<QuickReply> =>
  db.quickReply.create({ data: clean(input), select });

export async function updateQuickReply(db: Db, id: string, input: { title: string; text: string }): Promise<QuickReply> {
  const data = clean(input);
  const { count } = await db.quickReply.updateMany({ where: { id }, data });
  if (!count) throw new AppError(404, NOT_FOUND);
  return { id, ...data };
}

export async function deleteQuickReply(db: Db, id: string): Promise<QuickReply> {
  const row = await getQuickReply(db, id);
  await db.quickReply.delete({ where: { id } });
  return row;
}
