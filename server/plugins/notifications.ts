// Notifications in the app's lifecycle (issue 13): the outbox worker (only with SMTP_URL; without it mails stay
// in the outbox, listed by the console as what would have been sent), this instance's presence rows (so every
// instance knows who is online anywhere) and the support-reply digest sweep. Timers are unref'd and stopped on
// close; a round never overlaps the previous one.
import fp from "fastify-plugin";
import { startMailer, type Mailer } from "../notifications/mailer.ts";
import { DEFAULT_RETRY } from "../notifications/outbox.ts";
import { PRESENCE_REFRESH_MS } from "../notifications/presence.ts";
import { sweepSupportReplyDigests } from "../notifications/reply-digest.ts";

/** A repeating round that never overlaps itself; stop() waits for the one in flight. */
function every(ms: number, round: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= round()
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export default fp(
  async (app) => {
    const { db, config, notifier } = app.deps;
    let mailer: Mailer | undefined;
    const stops: (() => Promise<void>)[] = [];
    app.addHook("onReady", async () => {
      mailer = startMailer({
        db: db.prisma,
        logger: app.log,
        compose: notifier.composeForSending,
        env: { SMTP_URL: config.mail.smtpUrl, MAIL_FROM: config.mail.from },
        retry: { ...DEFAULT_RETRY, firstDelayMs: config.mail.retryFirstDelayMs },
      });
      notifier.attach(() => mailer?.wake(), app.log);
      stops.push(
        every(
          PRESENCE_REFRESH_MS,
          () => notifier.presence.refresh(),
          (error) => app.log.warn({ err: error }, "presence refresh failed"),
        ),
      );
      // Often enough that a reply is mailed soon after its window closes (the window is MAIL_DIGEST_DELAY_SECONDS).
      const sweepMs = Math.min(15_000, Math.max(250, config.mail.digestDelayMs / 4));
      stops.push(
        every(
          sweepMs,
          async () => {
            const online = await notifier.presence.snapshot();
            const mailed = await sweepSupportReplyDigests({
              db: db.prisma,
              isOnline: online.isOnline,
              delayMs: config.mail.digestDelayMs,
            });
            if (mailed.length) notifier.committed();
          },
          (error) => app.log.warn({ err: error }, "support reply digest failed"),
        ),
      );
    });
    app.addHook("onListen", async () => {
      const address = app.server.address();
      if (address && typeof address === "object") notifier.listeningOn(address.port);
    });
    app.addHook("onClose", async () => {
      await Promise.all(stops.map((stop) => stop()));
      await mailer?.stop();
      await notifier.presence.stop().catch(() => undefined);
    });
  },
  { name: "notifications" },
);
