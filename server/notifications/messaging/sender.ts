// Sending the outbox's phone messages (docs/design/notifications.md#whatsapp-and-sms): like the mail sender, a job
// on every instance claims due rows (channel 'whatsapp' or 'sms'; FOR UPDATE SKIP LOCKED, so several instances on
// one PostgreSQL send each once), renders each from its facts and hands it to the WhatsApp Cloud API or the SMS
// provider, retrying with the mail's back-off. A WhatsApp message that fails for good (the number is not on
// WhatsApp, the template was refused, a day of retries) is replaced by one SMS when SMS is configured.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../db/client.ts";
import { SendFailed, type SmsProvider } from "../../integrations/messaging.ts";
import type { WhatsAppClient } from "../../integrations/whatsapp-cloud.ts";
import { startJob } from "../../jobs/job.ts";
import { decode } from "../mail/facts.ts";
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from "../outbox/sender.ts";
import { outboxRepository, type ClaimedMail, type OutboxChannel } from "../outbox/repository.ts";
import { phoneMessagesRepository } from "./repository.ts";
import { isPhoneKind, renderPhoneMessage, TEMPLATE_LANGUAGE, type PhoneFacts } from "./templates.ts";

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

  async function send(row: ClaimedMail): Promise<string> {
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
          await outboxRepository(tx).markFailed(row.id, workerId, message);
          if (row.channel === "whatsapp" && opts.sms) await phoneMessagesRepository(tx).fallbackToSms(row.id);
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
