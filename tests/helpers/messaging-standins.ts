// Local HTTP servers that answer like Meta's Graph API (WhatsApp template sends) and Twilio's Messages API, for the
// calls Loja makes (server/integrations/whatsapp-cloud.ts, twilio.ts), as the ProxyPay and Stripe tests stand in
// for theirs. Each records what it was sent; the Graph stand-in also signs webhook bodies like Meta.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const WA_TOKEN = "EAAG-test-token";
export const WA_PHONE_NUMBER_ID = "109876543210";
export const WA_APP_SECRET = "app-secret-0123456789";
export const WA_VERIFY_TOKEN = "verifica-loja";
export const TWILIO_SID = "AC0123456789abcdef0123456789abcdef";
export const TWILIO_TOKEN = "twilio-auth-token";
export const TWILIO_FROM = "+15005550006";

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

abstract class StandIn {
  url = "";
  private server: Server;
  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }
  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  protected json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
}

export interface TemplateSend {
  to: string;
  name: string;
  language: string;
  params: string[];
  /** An authentication template's "copy code" button parameter (the phone code). */
  button?: string;
  id: string;
}

export class GraphStandIn extends StandIn {
  /** Accepted template messages, in order. */
  sent: TemplateSend[] = [];
  /** Numbers (digits) that are not on WhatsApp: answered 400 with Meta's error 131026. */
  notOnWhatsApp = new Set<string>();
  /** Every send answers 500 while set (an outage). */
  down = false;
  private next = 1;

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    if (req.method !== "POST" || req.url !== `/v21.0/${WA_PHONE_NUMBER_ID}/messages`)
      return this.json(res, 404, { error: { message: "unknown path", code: 100 } });
    if (req.headers.authorization !== `Bearer ${WA_TOKEN}`)
      return this.json(res, 401, { error: { message: "Invalid OAuth access token", code: 190 } });
    if (this.down) return this.json(res, 500, { error: { message: "temporarily unavailable", code: 2 } });
    const body = JSON.parse(raw) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type: string; sub_type?: string; parameters: { type: string; text: string }[] }[];
      };
    };
    if (body.messaging_product !== "whatsapp" || body.type !== "template" || !body.to || !body.template?.name)
      return this.json(res, 400, { error: { message: "(#100) Invalid parameter", code: 100 } });
    if (this.notOnWhatsApp.has(body.to)) return this.json(res, 400, { error: { message: "Message Undeliverable.", code: 131026 } });
    const id = `wamid.TEST${this.next++}`;
    const params = (body.template.components ?? []).find((c) => c.type === "body")?.parameters.map((p) => p.text) ?? [];
    const button = (body.template.components ?? []).find((c) => c.type === "button" && c.sub_type === "url")?.parameters[0]?.text;
    this.sent.push({
      to: body.to,
      name: body.template.name,
      language: body.template.language?.code ?? "",
      params,
      id,
      ...(button ? { button } : {}),
    });
    return this.json(res, 200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  }
}

export interface SmsSend {
  to: string;
  from: string;
  body: string;
  sid: string;
}

export class TwilioStandIn extends StandIn {
  sent: SmsSend[] = [];
  private next = 1;

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`)
      return this.json(res, 404, { message: "not found" });
    const expected = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return this.json(res, 401, { code: 20003, message: "Authenticate" });
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
      return this.json(res, 400, { message: "form expected" });
    const form = new URLSearchParams(raw);
    const sid = `SM${String(this.next++).padStart(32, "0")}`;
    this.sent.push({ to: form.get("To") ?? "", from: form.get("From") ?? "", body: form.get("Body") ?? "", sid });
    return this.json(res, 201, { sid, status: "queued" });
  }
}

/** The environment that turns both channels on against the stand-ins. */
export const messagingEnv = (graph: GraphStandIn, twilio: TwilioStandIn): Record<string, string> => ({
  WHATSAPP_TOKEN: WA_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_NUMBER_ID,
  WHATSAPP_APP_SECRET: WA_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN,
  WHATSAPP_API_URL: `${graph.url}/v21.0`,
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: twilio.url,
  MAIL_RETRY_SECONDS: "1",
});

/** A webhook body signed as Meta signs it. */
export function signedWebhook(body: unknown, secret = WA_APP_SECRET): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`,
    },
  };
}

export const statusesBody = (statuses: { id: string; status: string; timestamp?: number }[]) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { phone_number_id: WA_PHONE_NUMBER_ID },
            statuses: statuses.map((s) => ({ recipient_id: "x", timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)), ...s })),
          },
        },
      ],
    },
  ],
});

let inboundCount = 0;
/** A shopper's text as Meta delivers it; each call a new message id unless `id` repeats one (a retried delivery). */
export const inboundBody = (from: string, text: string, id = `wamid.IN${process.pid}.${Date.now()}.${inboundCount++}`) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { phone_number_id: WA_PHONE_NUMBER_ID },
            contacts: [{ wa_id: from, profile: { name: "Cliente" } }],
            messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
          },
        },
      ],
    },
  ],
});
