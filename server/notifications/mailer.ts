// Starting the outbox worker at boot: with SMTP_URL, mail goes out (MAIL_FROM as sender); without it no worker
// runs and mails stay pending, listed by the console as what would have been sent.
import type { Db } from "../db/client.ts";
import { startOutboxWorker, type OutboxLogger, type OutboxWorker, type OutboxWorkerOptions, type RetryPolicy } from "./outbox.ts";
import { smtpTransportFromEnv } from "./smtp-transport.ts";

export interface Mailer {
  /** False without SMTP_URL. */
  readonly sending: boolean;
  /** Call after committing a transaction that enqueued mail, so it leaves without waiting for the next poll. */
  wake(): void;
  /** Waits for the batch in flight and closes the SMTP connections. */
  stop(): Promise<void>;
}

export function startMailer(opts: {
  db: Db;
  logger: OutboxLogger;
  /** Renders a claimed mail for sending (Notifier.composeForSending). */
  compose: OutboxWorkerOptions["compose"];
  env?: NodeJS.ProcessEnv;
  pollMs?: number;
  retry?: RetryPolicy;
}): Mailer {
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
