// Sending the outbox (docs/design/notifications.md#the-mail-sender): a worker claims due mails, renders each from
// its facts and hands it to SMTP, retrying with back-off. Several instances on one PostgreSQL database send each
// mail once: a mail is claimed (locked_until/locked_by) before it is sent. Without SMTP_URL no worker runs and
// mails stay pending, which the console lists as what would have been sent.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { MailUnsendable } from "../mail/facts.ts";
import type { MailContent } from "../mail/templates.ts";
import { smtpTransportFromEnv, type MailTransport } from "../mail/transport.ts";
import { outboxRepository, type ClaimedMail } from "./repository.ts";
import { startJob } from "../../ops/job-runner.ts";
import { shopEvents } from "../../ops/metrics.ts";

interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A mail still failing this long after it was written is given up as failed. */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

/** Delay before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … capped (1 h by default). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.firstDelayMs * 2 ** exponent, policy.maxDelayMs);
}

interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** Renders a claimed mail for sending (from its facts, with its secrets: Notifier.composeForSending). */
  compose(mail: ClaimedMail): Promise<MailContent>;
  logger: OutboxLogger;
  /** How often to look for due mails when idle (wake() looks at once). */
  pollMs?: number;
  batchSize?: number;
  /** How long a claim lasts: a worker that dies mid-batch leaves its mails to others after this. */
  lockMs?: number;
  retry?: RetryPolicy;
  /** Names this instance in locked_by (defaults to host:pid:random). */
  workerId?: string;
}

export interface OutboxWorker {
  readonly workerId: string;
  /** Looks for due mails now (call after committing a transaction that enqueued mail). */
  wake(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, logger } = opts;
  const pollMs = opts.pollMs ?? 5000;
  const batchSize = opts.batchSize ?? 20;
  const lockMs = opts.lockMs ?? 10 * 60_000;
  const retry = opts.retry ?? DEFAULT_RETRY;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const outbox = outboxRepository(db);

  let stopped = false;

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      await transport.send({ to: mail.to, ...(await opts.compose(mail)) });
    } catch (error) {
      const message = describeError(error);
      // A mail that cannot be rendered (its secrets are gone, its facts have no template) never will be: no retries.
      if (error instanceof MailUnsendable || Date.now() - mail.createdAt.getTime() >= retry.giveUpAfterMs) {
        logger.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, err: message }, "outbox: giving up on mail");
        shopEvents.mailSendFailures.inc({ outcome: "gave_up" });
        await outbox.markFailed(mail.id, workerId, message);
      } else {
        const delay = retryDelayMs(mail.attempts, retry);
        logger.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs: delay, err: message }, "outbox: send failed, will retry");
        shopEvents.mailSendFailures.inc({ outcome: "retry" });
        await outbox.scheduleRetry(mail.id, workerId, message, new Date(Date.now() + delay));
      }
      return;
    }
    await outbox.markSent(mail.id, workerId);
  }

  /** One batch; true when it was full (more may be due). */
  async function runBatch(): Promise<boolean> {
    const mails = await outbox.claimDue(workerId, batchSize, lockMs);
    for (const [i, mail] of mails.entries()) {
      if (stopped) {
        // Stopping (a deploy): the rest go back at once for the other instances, instead of waiting out the claim.
        await outbox.release(
          mails.slice(i).map((m) => m.id),
          workerId,
        );
        break;
      }
      await deliver(mail);
    }
    return mails.length === batchSize;
  }

  // A recurring job like the others (server/ops/job-runner.ts), on every instance: claims keep two senders apart.
  const job = startJob(
    { name: "outbox", everyMs: pollMs, scope: "instance", runAtStart: true, run: runBatch },
    { log: { warn: (obj: object, message: string) => logger.error(obj, message) } },
  );
  return {
    workerId,
    wake: () => job.wake(),
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}

/** The outbox sender as the app runs it: from SMTP_URL and MAIL_FROM, or none (mails stay pending). */
export interface MailSender {
  /** False without SMTP_URL. */
  readonly sending: boolean;
  /** Call after committing a transaction that enqueued mail, so it leaves without waiting for the next poll. */
  wake(): void;
  /** Waits for the batch in flight and closes the SMTP connections. */
  stop(): Promise<void>;
}

export function startMailSender(opts: {
  db: Db;
  logger: OutboxLogger;
  /** Renders a claimed mail for sending (Notifier.composeForSending). */
  compose: OutboxWorkerOptions["compose"];
  env?: NodeJS.ProcessEnv;
  pollMs?: number;
  retry?: RetryPolicy;
}): MailSender {
  const transport = smtpTransportFromEnv(opts.env ?? process.env);
  if (!transport) {
    opts.logger.info({}, "SMTP_URL não definido: os e-mails ficam na caixa de saída (consola) sem ser enviados");
    return { sending: false, wake: () => undefined, stop: async () => undefined };
  }
  const worker: OutboxWorker = startOutboxWorker({
    db: opts.db,
    transport,
    compose: opts.compose,
    logger: opts.logger,
    pollMs: opts.pollMs,
    retry: opts.retry,
  });
  return {
    sending: true,
    wake: () => worker.wake(),
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
