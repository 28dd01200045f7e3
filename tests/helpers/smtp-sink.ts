// A real SMTP server inside the test process (smtp-server), each message parsed with mailparser, so mail tests
// go through nodemailer, the SMTP protocol and MIME exactly as production does. refuse() simulates an outage.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export interface ReceivedMail {
  from: string;
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> for createSmtpTransport / SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While set, every MAIL FROM is answered with this code (421: try later; 550: refused). null accepts again. */
  refuse(code: number | null): void;
  /** Resolves once at least `count` messages arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** `port`: listen where a stopped sink listened, so a sender configured with its URL reaches the new one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, _session, callback) {
      if (refusal === null) return callback();
      callback(Object.assign(new Error(refusal >= 500 ? "Recusado" : "Serviço indisponível, tente mais tarde"), { responseCode: refusal }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    refuse(code) {
      refusal = code;
    },
    async waitForCount(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
