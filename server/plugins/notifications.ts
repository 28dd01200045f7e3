// The mail sender in the app's lifecycle (docs/design/notifications.md): the outbox worker sends only with SMTP_URL
// (without it mails stay in the outbox, listed by the console as what would have been sent), and is woken after
// every commit that enqueued mail. Presence and the reply digests are jobs (server/jobs/).
import fp from "fastify-plugin";
import { startMailer, type Mailer } from "../notifications/mailer.ts";
import { DEFAULT_RETRY } from "../notifications/outbox.ts";

export default fp(
  async (app) => {
    const { db, config, notifier } = app.deps;
    let mailer: Mailer | undefined;
    app.addHook("onReady", async () => {
      mailer = startMailer({
        db: db.prisma,
        logger: app.log,
        compose: notifier.composeForSending,
        env: { SMTP_URL: config.mail.smtpUrl, MAIL_FROM: config.mail.from },
        retry: { ...DEFAULT_RETRY, firstDelayMs: config.mail.retryFirstDelayMs },
      });
      notifier.attach(() => mailer?.wake(), app.log);
    });
    app.addHook("onListen", async () => {
      const address = app.server.address();
      if (address && typeof address === "object") notifier.listeningOn(address.port);
    });
    app.addHook("onClose", async () => {
      await mailer?.stop();
    });
  },
  { name: "notifications" },
);
