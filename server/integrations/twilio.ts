// Twilio's Messages API, the one call Loja makes, with fetch (no SDK): POST
// {base}/2010-04-01/Accounts/{sid}/Messages.json, form fields To, From, Body, HTTP basic auth (sid:token). The base
// (TWILIO_API_URL) is configurable so tests run against a local stand-in. Twilio answers { sid: "SM…" }.
import { isPermanentStatus, providerFetch, SendFailed, type SmsProvider } from "./messaging.ts";

/** The configuration it is built from (server/config.ts reads it from the environment). */
export interface SmsConfig {
  provider: "twilio";
  accountSid: string;
  authToken: string;
  from: string;
  /** TWILIO_API_URL (a local stand-in in tests). */
  apiUrl: string;
}

export function createTwilioProvider(config: Pick<SmsConfig, "accountSid" | "authToken" | "from" | "apiUrl">): SmsProvider {
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  return {
    name: "twilio",
    async send(to, body) {
      const response = await providerFetch(url, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
      });
      const reply = (await response.json().catch(() => null)) as { sid?: unknown; message?: unknown; code?: unknown } | null;
      if (response.ok && typeof reply?.sid === "string" && reply.sid) return { id: reply.sid };
      throw new SendFailed(
        `Twilio ${response.status}: ${String(reply?.message ?? "resposta sem sid")}`.slice(0, 500),
        isPermanentStatus(response.status),
      );
    },
  };
}
