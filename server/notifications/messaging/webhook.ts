// Meta's WhatsApp webhook (docs/design/notifications.md#the-whatsapp-webhook): only a body signed with the app
// secret (X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of its exact bytes, compared in constant time) is read.
// Statuses (sent, delivered, read, failed) are recorded on the outbox row and never move back; a failed WhatsApp
// message is replaced by one SMS when SMS is configured. A shopper's text lands in their latest open order's chat
// (live, like any message they write) only when one account verified the phone it comes from (signed in with it, or
// confirmed it with a code); otherwise it waits for staff (inbox.ts), never in a chat someone typed that number
// into. Once per Meta message id however often it is delivered; a message without an id is dropped (Meta always
// sends one: without it a repeat could not be told apart). "PARAR" turns WhatsApp off for that phone.
import { hmacSha256Matches } from "../../integrations/hmac.ts";
import type { Db, PrismaClient } from "../../db/client.ts";
import { sendClientMessage } from "../../domain/chat/service.ts";
import type { ChatPublisher } from "../../cluster/events.ts";
import { MAX_MESSAGE_TEXT } from "../../../shared/chat.ts";
import { phoneDigits, toE164 } from "../../../shared/phones.ts";
import type { Notifier } from "../notifier.ts";
import { holdForStaff } from "./inbox.ts";
import { phoneMessagesRepository } from "./repository.ts";

export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";

/** True when `header` is "sha256=" and the hex HMAC-SHA256 of `raw` keyed with `appSecret`. */
export function verifyWhatsAppSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=(\S+)$/.exec(header?.trim() ?? "");
  return Boolean(match) && hmacSha256Matches(raw, match![1], appSecret);
}

/** The shopper's word to stop WhatsApp (any case, accents and spaces around it). */
export const isStopWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase() === "PARAR";

interface StatusUpdate {
  id: string;
  status: string;
  at: Date;
}

interface Inbound {
  /** Meta's message id (wamid…): the same message delivered again carries the same one. */
  id: string | null;
  from: string;
  text: string;
}

/** What a webhook call carries that Loja reads: statuses and text messages (anything else is ignored). */
export function readWhatsAppWebhook(body: unknown): { statuses: StatusUpdate[]; inbound: Inbound[] } {
  const statuses: StatusUpdate[] = [];
  const inbound: Inbound[] = [];
  const entries = (body as { entry?: unknown })?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown })?.changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { value?: { statuses?: unknown; messages?: unknown } })?.value;
      for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
        const { id, status, timestamp } = (s ?? {}) as { id?: unknown; status?: unknown; timestamp?: unknown };
        const seconds = Number(timestamp);
        if (typeof id === "string" && typeof status === "string")
          statuses.push({ id, status, at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date() });
      }
      for (const m of Array.isArray(value?.messages) ? value.messages : []) {
        const { id, from, type, text } = (m ?? {}) as { id?: unknown; from?: unknown; type?: unknown; text?: { body?: unknown } };
        if (typeof from === "string" && type === "text" && typeof text?.body === "string" && text.body.trim())
          inbound.push({
            id: typeof id === "string" && id && id.length <= 256 ? id : null,
            from,
            text: text.body.trim().slice(0, MAX_MESSAGE_TEXT),
          });
      }
    }
  }
  return { statuses, inbound };
}

interface WebhookDeps {
  db: PrismaClient;
  hub: ChatPublisher;
  notifier: Notifier;
  log: { warn(obj: object, msg: string): void };
}

/** The end of a phone, for logs (which keep no shopper's number). */
const phoneTail = (phone: string) => `…${phone.replace(/\D/g, "").slice(-3)}`;

/** Records what a verified webhook call says. */
export async function handleWhatsAppWebhook({ db, hub, notifier, log }: WebhookDeps, body: unknown): Promise<void> {
  const { statuses, inbound } = readWhatsAppWebhook(body);
  const phones = phoneMessagesRepository(db);
  let fellBack = false;
  for (const s of statuses) {
    const changed = await phones.recordStatus(s.id, s.status, s.at);
    if (changed && s.status === "failed" && changed.channel === "whatsapp" && notifier.phoneChannels.sms)
      fellBack = (await phones.fallbackToSms(changed.id)) || fellBack;
  }
  if (fellBack) notifier.committed();
  for (const message of inbound) {
    const { id } = message;
    if (!id) {
      log.warn({ from: phoneTail(message.from) }, "whatsapp: a message without an id was dropped");
      continue;
    }
    const e164 = toE164(`+${message.from.replace(/^\+/, "")}`);
    if (!e164) continue;
    if (isStopWord(message.text)) {
      await phones.optOutPhone(phoneDigits(e164), e164);
      continue;
    }
    // Only the one account that verified the phone is its owner; none (or several) and staff decide.
    const owners = await phones.verifiedOwners(e164);
    const order = owners.length === 1 ? await phones.latestOrderOf(owners[0]!) : null;
    if (order) await addToChatOnce({ db, hub }, { id, text: message.text }, order);
    else await holdForStaff(db, notifier, { id, from: e164, text: message.text });
  }
}

/** Thrown inside the chat message's transaction when Meta's id was already taken: nothing of it is kept. */
class AlreadyInChat extends Error {}

/**
 * Adds a shopper's text to the order's chat unless a delivery of the same WhatsApp message did already: the id
 * is claimed in the chat message's transaction, so a retry racing the first delivery waits for it, then adds none.
 */
async function addToChatOnce(
  { db, hub }: Pick<WebhookDeps, "db" | "hub">,
  message: { id: string; text: string },
  order: { id: string; userId: string },
) {
  const { id } = message;
  if (await phoneMessagesRepository(db).inboundSeen(id)) return;
  const claim = async (tx: Db) => {
    if (!(await phoneMessagesRepository(tx).claimInbound(id, order.id))) throw new AlreadyInChat();
  };
  try {
    await hub.publishMessage(
      await sendClientMessage(db, { orderId: order.id, userId: order.userId, text: message.text, file: null }, claim),
    );
  } catch (error) {
    if (!(error instanceof AlreadyInChat)) throw error;
  }
}
