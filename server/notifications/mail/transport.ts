// Where a rendered mail is handed: in production nodemailer over SMTP_URL (smtp://user:pass@host:587, smtps://… for
// implicit TLS), sending as MAIL_FROM. Without SMTP_URL there is no transport and the outbox keeps mails pending.
import nodemailer from "nodemailer";
import { DEFAULT_MAIL_FROM } from "../../config.ts";

/** What the outbox sender hands a mail to (tests pass their own). */
export interface MailTransport {
  send(mail: { to: string; subject: string; html: string; text: string }): Promise<void>;
}

export interface SmtpTransport extends MailTransport {
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): SmtpTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
    close: () => transporter.close(),
  };
}

/** SMTP_URL and MAIL_FROM from the environment; null when SMTP_URL is unset (mail stays in the outbox). */
export function smtpTransportFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpTransport | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  return createSmtpTransport(url, env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM);
}
