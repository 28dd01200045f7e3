// Sending the outbox's phone messages (docs/design/notifications.md#whatsapp-and-sms): like the mail sender, a job
// on every instance claims due rows (channel 'whatsapp' or 'sms'; FOR UPDATE SKIP LOCKED, so several instances on
// one PostgreSQL send each once), renders each from its facts and hands it to the WhatsApp Cloud API or the SMS
// provider, retrying with the mail's back-off. A WhatsApp message that fails for good (the number is not on
// WhatsApp, the template was refused, a day of retries) is replaced by one SMS when SMS is configured. Before
// sending, the shop's rules (policy.ts: the country, a phone its shopper confirmed, the daily caps) may keep a
// message back: it is marked "blocked" with the reason, never sent.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/client.ts";
import { SendFailed, type SmsProvider } from "../../integrations/messaging.ts";
import type { WhatsAppClient } from "../../integrations/whatsapp-cloud.ts";
import { startJob } from "../../ops/job-runner.ts";
import { decode } from "../mail/facts.ts";
import type { MailSealer } from "../mail/secrets.ts";
import type { AttemptLimiter } from "../../domain/users/attempt-limiter.ts";
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from "../outbox/sender.ts";
import { outboxRepository, type ClaimedMail, type OutboxChannel } from "../outbox/repository.ts";
import { keptBack, type MessagingRules } from "./policy.ts";
import { phoneMessagesRepository } from "./repository.ts";
import { isPhoneKind, PHONE_CODE_KIND, renderPhoneCode, renderPhoneMessage, TEMPLATE_LANGUAGE, type PhoneFacts } from "./templates.ts";

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PhoneSenderOptions {
  db: PrismaClient;
  whatsapp?: WhatsAppClient;
  sms?: SmsProvider;
  /** Links and the shop's name as of sending (PUBLIC_URL, the settings). */
  context(): Promise<{ baseUrl: string; shopName: string }>;
  /** The owner's countries and daily caps as of sending (the settings). */
  rules(): Promise<MessagingRules>;
  /** Opens a phone code sealed in its row. */
  sealer: Pick<MailSealer, "unseal">;
  /** Counts the daily caps in the database (attempt_counters). */
  limiter: AttemptLimiter;
  logger: Logger;
  pollMs?: number;
  retry?: RetryPolicy;
  workerId?: string;
}

export interface PhoneSender {
  wake(): void;
  stop(): Promise<void>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function startPhoneSender(opts: PhoneSenderOptions): PhoneSender {
  const { db, logger } = opts;
  const retry = opts.retry ?? DEFAULT_RETRY;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}:phone`;
  const outbox = outboxRepository(db);
  const channels: OutboxChannel[] = [...(opts.whatsapp ? (["whatsapp"] as const) : []), ...(opts.sms ? (["sms"] as const) : [])];
  let stopped = false;

  /** A code confirming a phone: unsealed only here, as it leaves. */
  async function sendCode(row: ClaimedMail): Promise<string> {
    let code: string | undefined;
    try {
      code = row.secret ? opts.sealer.unseal(row.secret).code : undefined;
    } catch {
      code = undefined;
    }
    if (!code) throw new SendFailed("código ilegível (JWT_SECRET mudou?): peça um novo código", true);
    const message = renderPhoneCode(code, await opts.context());
    if (row.channel === "whatsapp" && opts.whatsapp)
      return (
        await opts.whatsapp.sendTemplate({
          to: row.to,
          name: message.template.name,
          language: TEMPLATE_LANGUAGE,
          params: message.template.params,
          copyCode: message.copyCode,
        })
      ).id;
    if (row.channel === "sms" && opts.sms) return (await opts.sms.send(row.to, message.sms)).id;
    throw new SendFailed(`canal não configurado: ${row.channel}`, false);
  }

  async function send(row: ClaimedMail): Promise<string> {
    if (row.kind === PHONE_CODE_KIND) return sendCode(row);
    if (!isPhoneKind(row.kind) || row.facts === null) throw new SendFailed(`mensagem sem modelo: ${row.kind}`, true);
    const facts = decode(typeof row.facts === "string" ? JSON.parse(row.facts) : row.facts) as PhoneFacts;
    const message = renderPhoneMessage(row.kind, facts, await opts.context());
    if (row.channel === "whatsapp" && opts.whatsapp)
      return (
        await opts.whatsapp.sendTemplate({
          to: row.to,
          name: message.template.name,
          language: TEMPLATE_LANGUAGE,
          params: message.template.params,
        })
      ).id;
    if (row.channel === "sms" && opts.sms) return (await opts.sms.send(row.to, message.sms)).id;
    throw new SendFailed(`canal não configurado: ${row.channel}`, false);
  }

  async function deliver(row: ClaimedMail): Promise<void> {
    const refusal = await keptBack(db, opts.limiter, await opts.rules(), row);
    if (refusal) {
      logger.warn({ messageId: row.id, channel: row.channel, kind: row.kind, reason: refusal }, "outbox: phone message kept back");
      await outbox.markBlocked(row.id, workerId, refusal);
      return;
    }
    let providerId: string;
    try {
      providerId = await send(row);
    } catch (error) {
      const message = describe(error);
      const permanent = error instanceof SendFailed && error.permanent;
      if (permanent || Date.now() - row.createdAt.getTime() >= retry.giveUpAfterMs) {
        logger.error(
          { messageId: row.id, channel: row.channel, attempts: row.attempts, err: message },
          "outbox: giving up on phone message",
        );
        await db.$transaction(async (tx) => {
          // The copy first: it takes a phone code's sealed secret, which marking the row failed erases.
          if (row.channel === "whatsapp" && opts.sms) await phoneMessagesRepository(tx).fallbackToSms(row.id);
          await outboxRepository(tx).markFailed(row.id, workerId, message);
        });
        if (row.channel === "whatsapp" && opts.sms) job.wake();
      } else {
        const delay = retryDelayMs(row.attempts, retry);
        logger.warn(
          { messageId: row.id, channel: row.channel, retryInMs: delay, err: message },
          "outbox: phone message failed, will retry",
        );
        await outbox.scheduleRetry(row.id, workerId, message, new Date(Date.now() + delay));
      }
      return;
    }
    await outbox.markSent(row.id, workerId, providerId);
  }

  async function runBatch(): Promise<boolean> {
    const rows = await outbox.claimDue(workerId, 20, 10 * 60_000, channels);
    for (const row of rows) {
      if (stopped) break;
      await deliver(row);
    }
    return rows.length === 20;
  }

  const job = startJob(
    { name: "outbox-phone", everyMs: opts.pollMs ?? 5000, scope: "instance", runAtStart: true, run: runBatch },
    { log: { warn: (obj: object, message: string) => logger.error(obj, message) } },
  );
  return {
    wake: () => job.wake(),
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}
