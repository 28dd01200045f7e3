// The console's outbox page (admin only): every e-mail the shop sent, is sending, would send (without SMTP_URL)
// or gave up on, with its HTML and text on the detail.
import type { PrismaClient } from "../db/client.ts";
import { AppError } from "../domain/errors.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../domain/list-query.ts";
import type { AdminOutboxMail } from "../schemas/admin-outbox.ts";
import { outboxRepository, type OutboxRow, type OutboxStatus } from "./outbox-repository.ts";

export const OUTBOX_MAIL_NOT_FOUND = "E-mail não encontrado";
const STATUSES: readonly string[] = ["pending", "sent", "failed"];

export const OUTBOX_LIST = {
  filters: { q: "string", status: "string" },
  sortable: ["createdAt", "sentAt", "status", "to", "attempts"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; status: "string" }>;

function toAdmin(row: OutboxRow, withBody: boolean): AdminOutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    ...(withBody ? { html: row.html, text: row.text } : {}),
  };
}

export async function listOutboxForConsole(
  db: PrismaClient,
  query: ListQuery<{ q?: string; status?: string }>,
): Promise<ListPage<AdminOutboxMail>> {
  const status = query.filter.status;
  if (status !== undefined && !STATUSES.includes(status)) throw new AppError(400, "Filtro inválido: status");
  const repo = outboxRepository(db);
  const f = { status: status as OutboxStatus | undefined, q: query.filter.q };
  const [rows, total] = await Promise.all([
    repo.list({ ...f, skip: query.offset, take: query.limit, orderBy: orderByOf(query.sort) }),
    repo.count(f.status, f.q),
  ]);
  return { rows: rows.map((r) => toAdmin(r, false)), total };
}

export async function getOutboxMailForConsole(db: PrismaClient, id: string): Promise<AdminOutboxMail> {
  const row = await outboxRepository(db).get(id);
  if (!row) throw new AppError(404, OUTBOX_MAIL_NOT_FOUND);
  return toAdmin(row, true);
}
