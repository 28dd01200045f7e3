// The console's outbox page (admin only): every e-mail the shop sent, is sending, would send (without SMTP_URL)
// or gave up on, with its HTML and text on the detail, rendered from the row's facts as the mail says them, its
// secrets (a reset link's token) redacted: the console never shows what only the recipient may read.
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../../domain/errors.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../../domain/list-query.ts";
import type { AdminOutboxMail } from "../../schemas/admin-outbox.ts";
import { decode, MailUnsendable, type MailRecord } from "../mail/facts.ts";
import { isPhoneKind, PHONE_CODE_KIND, renderPhoneMessage, type PhoneFacts } from "../messaging/templates.ts";
import { outboxRepository, type OutboxRow, type OutboxStatus } from "./repository.ts";
import type { MailContent } from "../mail/templates.ts";
import { isOutboxStatus } from "../../../shared/outbox.ts";

const OUTBOX_MAIL_NOT_FOUND = "E-mail não encontrado";

export const OUTBOX_LIST = {
  filters: { q: "string", status: "string" },
  sortable: ["createdAt", "sentAt", "status", "to", "attempts"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; status: "string" }>;

function toAdmin(row: OutboxRow, body?: Partial<Pick<MailContent, "html" | "text">>): AdminOutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    deliveryStatus: row.deliveryStatus,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    ...body,
  };
}

export async function listOutboxForConsole(
  db: PrismaClient,
  query: ListQuery<{ q?: string; status?: string }>,
): Promise<ListPage<AdminOutboxMail>> {
  const status = query.filter.status;
  if (status !== undefined && !isOutboxStatus(status)) throw new AppError(400, "Filtro inválido: status");
  const repo = outboxRepository(db);
  const f = { status: status as OutboxStatus | undefined, q: query.filter.q };
  const [rows, total] = await Promise.all([
    repo.list({ ...f, skip: query.offset, take: query.limit, orderBy: orderByOf(query.sort) }),
    repo.count(f.status, f.q),
  ]);
  return { rows: rows.map((r) => toAdmin(r)), total };
}

/** `preview`: renders the row with its secrets redacted (Notifier.preview). */
export async function getOutboxMailForConsole(
  db: PrismaClient,
  id: string,
  preview: (mail: MailRecord) => Promise<MailContent>,
  phoneContext?: () => Promise<{ baseUrl: string; shopName: string }>,
): Promise<AdminOutboxMail> {
  const row = await outboxRepository(db).get(id);
  if (!row) throw new AppError(404, OUTBOX_MAIL_NOT_FOUND);
  // A WhatsApp or SMS row: what it says, as the sender would render it now (messaging/templates.ts).
  if (row.channel !== "email") {
    // A phone code is its recipient's secret: never shown.
    if (row.kind === PHONE_CODE_KIND) return toAdmin(row, { text: "Código de confirmação: (oculto)" });
    if (!isPhoneKind(row.kind) || !phoneContext || row.facts === null) return toAdmin(row, { text: "" });
    const facts = decode(typeof row.facts === "string" ? JSON.parse(row.facts) : row.facts) as PhoneFacts;
    const message = renderPhoneMessage(row.kind, facts, await phoneContext());
    const text =
      row.channel === "sms"
        ? message.sms
        : `${message.template.name}\n${message.template.params.map((p, i) => `{{${i + 1}}} ${p}`).join("\n")}`;
    return toAdmin(row, { text });
  }
  try {
    const { html, text } = await preview(row);
    return toAdmin(row, { html, text });
  } catch (error) {
    if (!(error instanceof MailUnsendable)) throw error;
    return toAdmin(row, { text: `Este e-mail não pode ser mostrado: ${error.message}` });
  }
}
