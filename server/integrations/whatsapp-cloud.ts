// WhatsApp Cloud API (Meta's Graph API), the one call Loja makes: a template message, with fetch (no SDK). The base
// URL (WHATSAPP_API_URL, with its version) is configurable so tests run against a local stand-in.
// POST {base}/{phone-number-id}/messages, Bearer token, body
// { messaging_product: "whatsapp", to, type: "template", template: { name, language: { code }, components } };
// an authentication template (the phone code) also fills its "copy code" button: a component of type "button",
// sub_type "url", index "0", whose one parameter is the code.
// Meta answers { messages: [{ id: "wamid…" }] }, or { error: { message, code } }.
import { isPermanentStatus, providerFetch, SendFailed } from "./messaging.ts";

/** The configuration it is built from (server/config.ts reads it from the environment). */
export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  /** Signs Meta's webhook calls (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta echoes when the webhook is verified. */
  verifyToken: string;
  /** WHATSAPP_API_URL: Graph API base with its version (a local stand-in in tests). */
  apiUrl: string;
}

export interface TemplateMessage {
  /** E.164's digits or with "+": Meta takes either. */
  to: string;
  name: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  params: readonly string[];
  /** An authentication template's code, which its "copy code" button carries. */
  copyCode?: string;
}

export interface WhatsAppClient {
  sendTemplate(message: TemplateMessage): Promise<{ id: string }>;
}

/** Meta's error codes that mean this number will not get a template, whatever the retries (not on WhatsApp…). */
const UNDELIVERABLE_CODES = new Set([131026, 131021, 131051, 132000, 132001, 132012, 131008, 131009, 100]);

export function createWhatsAppClient(config: Pick<WhatsAppConfig, "apiUrl" | "phoneNumberId" | "token">): WhatsAppClient {
  return {
    async sendTemplate({ to, name, language, params, copyCode }) {
      const components = [
        ...(params.length ? [{ type: "body", parameters: params.map((text) => ({ type: "text", text })) }] : []),
        ...(copyCode ? [{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: copyCode }] }] : []),
      ];
      const response = await providerFetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: to.replace(/^\+/, ""),
          type: "template",
          template: {
            name,
            language: { code: language },
            components,
          },
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { message?: unknown; code?: unknown };
      } | null;
      const id = body?.messages?.[0]?.id;
      if (response.ok && typeof id === "string" && id) return { id };
      const code = typeof body?.error?.code === "number" ? body.error.code : undefined;
      const message = `WhatsApp ${response.status}${code ? ` (${code})` : ""}: ${String(body?.error?.message ?? "resposta sem id da mensagem")}`;
      throw new SendFailed(
        message.slice(0, 500),
        (code !== undefined && UNDELIVERABLE_CODES.has(code)) || isPermanentStatus(response.status),
      );
    },
  };
}
