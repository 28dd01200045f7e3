// Saved answers staff insert into a reply ("Respostas rápidas"): admins write them, every agent reads them. The
// text keeps its placeholders ({banco}, {titular}, {iban}); the console fills them when inserting
// (shared/support.ts), so a change of bank details never leaves an old IBAN in a saved answer. A text that writes an
// IBAN or account number by hand could send shoppers' money anywhere: saving one takes the admin's password, like
// the bank details themselves (docs/design/security.md#step-up-for-admin-power).
import type { Db, PrismaClient } from "../../db/client.ts";
import { AppError, sessionExpired } from "../errors.ts";
import type { AttemptLimiter } from "../users/attempt-limiter.ts";
import { findActiveStaff } from "../users/service.ts";
import { confirmOwnPassword } from "../users/step-up.ts";
import { QUICK_REPLY_PASSWORD_REQUIRED, quickReplyBankDetails } from "../../../shared/support.ts";
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

/** What saves a quick reply: the acting admin, and the limiter their password attempts count on. */
export interface QuickReplyWriter {
  attempts: AttemptLimiter;
  actorId: string;
}
type QuickReplyInput = { title: string; text: string; currentPassword?: string };

/** Cleaned, and, when the text writes bank details by hand, the admin's own password confirmed (403 without it). */
async function checked(db: PrismaClient, writer: QuickReplyWriter, input: QuickReplyInput) {
  const data = clean(input);
  if (quickReplyBankDetails(data.text)) {
    const admin = await findActiveStaff(db, writer.actorId);
    if (!admin) throw sessionExpired();
    await confirmOwnPassword(writer.attempts, admin, input.currentPassword, QUICK_REPLY_PASSWORD_REQUIRED);
  }
  return data;
}

export const createQuickReply = async (db: PrismaClient, writer: QuickReplyWriter, input: QuickReplyInput): Promise<QuickReply> =>
  db.quickReply.create({ data: await checked(db, writer, input), select });

export async function updateQuickReply(
  db: PrismaClient,
  writer: QuickReplyWriter,
  id: string,
  input: QuickReplyInput,
): Promise<QuickReply> {
  const data = await checked(db, writer, input);
  const { count } = await db.quickReply.updateMany({ where: { id }, data });
  if (!count) throw new AppError(404, NOT_FOUND);
  return { id, ...data };
}

export async function deleteQuickReply(db: Db, id: string): Promise<QuickReply> {
  const row = await getQuickReply(db, id);
  await db.quickReply.delete({ where: { id } });
  return row;
}
