// What an outbox row keeps of a mail: its kind, its subject and the facts its template states, as they were when
// the event happened (an order's lines, totals and payment details as placed), so a later change to the order or
// the shop's bank details does not alter what the mail says. The mail is rendered from them when it is sent and
// when the console previews it: the event's own transaction writes a few hundred bytes instead of a rendered page.
// Secret facts (a reset link's token) are sealed in their own column and cleared once the mail leaves; anywhere
// else the mail is rendered they read as REDACTED. Rows written rendered (html and text) are sent as they are.
import { Prisma } from "../../db/client.ts";
import type { MailSealer } from "./secrets.ts";
import { isMailKind, mailSubject, renderMail, type MailContent, type MailContext, type MailFacts, type MailKind } from "./templates.ts";

/** Shown instead of a secret wherever a mail is rendered for anyone but its recipient. */
export const REDACTED = "(oculto)";

/** Facts that must never be stored readable: sealed in the row until the mail is sent. */
const SECRET_FACTS: { [Kind in MailKind]?: readonly (keyof MailFacts<Kind> & string)[] } = { "password-reset": ["token"] };

/** A mail of any kind with the facts it states. */
export type Mail = { [Kind in MailKind]: { kind: Kind; facts: MailFacts<Kind> } }[MailKind];

/** What the outbox stores of a mail. */
export interface StoredMail {
  kind: MailKind;
  subject: string;
  /** The facts as JSON, money and dates tagged so they come back as Decimal and Date. */
  facts: Json;
  /** The sealed secret facts, when the kind has any. */
  secret: string | null;
}

/** The row's content as the sender and the console read it. */
export interface MailRecord {
  kind: string;
  subject: string;
  facts: unknown;
  secret: string | null;
  /** Set only on rows written rendered. */
  html: string | null;
  text: string | null;
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Facts as JSON: money and dates tagged (also the phone messages' facts: messaging/enqueue.ts). */
export function encode(value: unknown): Json {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Prisma.Decimal.isDecimal(value)) return { $decimal: value.toFixed() };
  // Any other amount that prints itself (MoneyAmount): money has two decimals.
  if (value !== null && typeof value === "object" && typeof (value as { toFixed?: unknown }).toFixed === "function")
    return { $decimal: (value as { toFixed(decimals: number): string }).toFixed(2) };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, encode(v)]),
    );
  return value as Json;
}

/** Tagged JSON back to Decimal and Date. */
export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [[tag, inner]] = entries as [[string, unknown]];
    if (tag === "$date" && typeof inner === "string") return new Date(inner);
    if (tag === "$decimal" && typeof inner === "string") return new Prisma.Decimal(inner);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, decode(v)]));
}

/** The row to write for `mail`: facts as JSON, secrets sealed (a kind with secrets needs the sealer). */
export function storedMail(mail: Mail, sealer?: MailSealer): StoredMail {
  const secretKeys: readonly string[] = SECRET_FACTS[mail.kind] ?? [];
  const facts: Record<string, unknown> = { ...mail.facts };
  const secrets: Record<string, string> = {};
  for (const key of secretKeys) {
    secrets[key] = String(facts[key]);
    delete facts[key];
  }
  if (secretKeys.length && !sealer) throw new Error(`storedMail: ${mail.kind} carries secrets and needs a sealer`);
  return {
    kind: mail.kind,
    subject: mailSubject(mail.kind, mail.facts as never),
    facts: encode(facts),
    secret: secretKeys.length ? sealer!.seal(secrets) : null,
  };
}

/** The mail cannot be rendered for sending, now or later: its secrets are gone (or the key changed), or its kind is unknown. */
export class MailUnsendable extends Error {}

/**
 * Renders a stored mail. With `sealer` (the sender) its secrets are unsealed into it, and a mail whose secrets are
 * gone throws MailUnsendable; without (the console) they read as REDACTED.
 */
export function composeMail(record: MailRecord, ctx: MailContext, sealer?: MailSealer): MailContent {
  if (record.html !== null && record.text !== null) return { subject: record.subject, html: record.html, text: record.text };
  if (!isMailKind(record.kind) || record.facts === null) throw new MailUnsendable(`e-mail sem modelo: ${record.kind}`);
  const facts = decode(typeof record.facts === "string" ? JSON.parse(record.facts) : record.facts) as Record<string, unknown>;
  const secretKeys: readonly string[] = SECRET_FACTS[record.kind] ?? [];
  if (secretKeys.length) {
    let secrets: Record<string, string> | undefined;
    if (sealer) {
      if (!record.secret) throw new MailUnsendable("o segredo do e-mail já foi apagado");
      try {
        secrets = sealer.unseal(record.secret);
      } catch {
        throw new MailUnsendable("o segredo do e-mail não pode ser lido (JWT_SECRET mudou?)");
      }
    }
    for (const key of secretKeys) facts[key] = secrets?.[key] ?? REDACTED;
  }
  return renderMail(ctx, record.kind, facts as never);
}
