// The mail sender in the app's lifecycle (docs/design/notifications.md): the outbox worker sends only with SMTP_URL
// (without it mails stay in the outbox, listed by the console as what would have been sent), and is woken after
// every commit that enqueued mail. Presence and the reply digests are jobs (server/jobs/).
import fp from "fastify-plugin";
import { DEFAULT_RETRY, startMailSender, type MailSender } from "../notifications/outbox/sender.ts";
import { startPhoneSender, type PhoneSender } from "../notifications/messaging/sender.ts";
import { createWhatsAppClient } from "../integrations/whatsapp-cloud.ts";
import { createTwilioProvider } from "../integrations/twilio.ts";

export default fp(
  async (app) => {
    const { db, config, notifier, attempts } = app.deps;
    let sender: MailSender | undefined;
    let phones: PhoneSender | undefined;
    app.addHook("onReady", async () => {
      // WhatsApp and SMS, each only when configured (docs/design/notifications.md#whatsapp-and-sms).
      if (config.whatsapp || config.sms)
        phones = startPhoneSender({
          db: db.prisma,
          whatsapp: config.whatsapp && createWhatsAppClient(config.whatsapp),
          sms: config.sms && createTwilioProvider(config.sms),
          context: () => notifier.phoneContext(),
          rules: () => notifier.messagingRules(),
          sealer: notifier.sealer,
          limiter: attempts,
          logger: app.log,
          retry: { ...DEFAULT_RETRY, firstDelayMs: config.mail.retryFirstDelayMs },
        });
      sender = startMailSender({
        db: db.prisma,
        logger: app.log,
        compose: notifier.composeForSending,
        env: { SMTP_URL: config.mail.smtpUrl, MAIL_FROM: config.mail.from },
        retry: { ...DEFAULT_RETRY, firstDelayMs: config.mail.retryFirstDelayMs },
      });
      notifier.attach(() => {
        sender?.wake();
        phones?.wake();
      }, app.log);
    });
    app.addHook("onListen", async () => {
      const address = app.server.address();
      if (address && typeof address === "object") notifier.listeningOn(address.port);
    });
    app.addHook("onClose", async () => {
      await Promise.all([sender?.stop(), phones?.stop()]);
    });
  },
  { name: "notifications" },
);
