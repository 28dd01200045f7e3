// What the flows hand their notifications to. Inside an event's transaction they enqueue its e-mails
// (outbox/enqueue.ts) through order-events.ts; after the commit they call committed(), which wakes the outbox
// sender and sends the web pushes the transaction decided (a push is not transactional: it goes only once the
// event is stored).
import type { Config } from "../config.ts";
import type { Db, PrismaClient } from "../db/client.ts";
import { mailSettingsOf } from "./mail/context.ts";
import { orderEventsRepository } from "./order-events-repository.ts";
import { composeMail, type MailRecord } from "./mail/facts.ts";
import { mailSealer, type MailSealer } from "./mail/secrets.ts";
import type { ShopSettingsCache } from "../domain/settings/settings-cache.ts";
import { Presence, type LocalPresence } from "./presence.ts";
import type { PushEndpointPolicy } from "./push/endpoints.ts";
import { createPushSender, type PushPayload, type PushSender } from "./push/sender.ts";
import { loadVapidKeys } from "./push/vapid-keys.ts";
import type { MailContent, MailContext } from "./mail/templates.ts";
import type { PhoneChannels } from "./messaging/enqueue.ts";
import type { MessagingRules } from "./messaging/policy.ts";
import { MESSAGING_CAPS } from "../../shared/settings.ts";

/** A push to send once the event commits: to a shopper's browsers, or to every staff browser that allowed it. */
/** A push to one shopper's browsers. */
export type ShopperPush = { userId: string; payload: PushPayload };
/** A push to a shopper, or to every staff member's browsers. */
export type PushNotice = ShopperPush | { staff: true; payload: PushPayload };

interface NotifierOptions {
  db: PrismaClient;
  config: Pick<Config, "publicUrl" | "port" | "dataDir" | "proxypay" | "whatsapp" | "sms">;
  /** The realtime hub: who has a socket open on this instance. */
  local: LocalPresence;
  /** The settings placement keeps in memory: the order confirmation is built from them. */
  settings: Pick<ShopSettingsCache, "get">;
  /** The token secret (JWT_SECRET or DATA_DIR's): mails' secret facts are sealed with a key derived from it. */
  tokenSecret: string;
  /** Where pushes may go: the browsers' push services (tests pass their local stand-in). */
  pushEndpoints: PushEndpointPolicy;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export class Notifier {
  private listeningPort: number | undefined;
  /** Shown with a Multicaixa reference (ProxyPay's entity), when configured. */
  readonly multicaixaEntity: string | undefined;
  readonly presence: Presence;
  /** The phone channels the shop configured: which of WhatsApp and SMS messages are written at all. */
  readonly phoneChannels: PhoneChannels;
  private wakeSender: () => void = () => undefined;
  private pushSender: PushSender | undefined;
  private log: Log | undefined;

  /** Seals what a mail must carry but the outbox must not keep readable (a reset link's token). */
  readonly sealer: MailSealer;

  constructor(private readonly opts: NotifierOptions) {
    this.multicaixaEntity = opts.config.proxypay?.entity;
    this.presence = new Presence(opts.db, opts.local);
    this.phoneChannels = { whatsapp: Boolean(opts.config.whatsapp), sms: Boolean(opts.config.sms) };
    this.sealer = mailSealer(opts.tokenSecret);
  }

  /**
   * The shop's address every absolute link is built on (e-mails, resets, Stripe returns, pages, sitemap): PUBLIC_URL,
   * else this server on localhost (its real port once listening: PORT may be 0). Never a request's Host or
   * X-Forwarded-Host, which the sender chooses.
   */
  get baseUrl(): string {
    return (this.opts.config.publicUrl ?? `http://localhost:${this.listeningPort ?? this.opts.config.port}`).replace(/\/+$/, "");
  }

  listeningOn(port: number): void {
    this.listeningPort = port;
  }

  /** The shop's contacts and bank details every e-mail shows, from the settings kept in memory (a save forgets them on every instance). */
  async mailContext(): Promise<MailContext> {
    return mailSettingsOf(await this.opts.settings.get(), this.baseUrl).ctx;
  }

  /** A claimed mail as it leaves: its facts with the shop's contacts and links, its secrets unsealed. */
  readonly composeForSending = async (mail: MailRecord): Promise<MailContent> => composeMail(mail, await this.mailContext(), this.sealer);

  /** A stored mail as the console shows it: secrets read as redacted. */
  async preview(mail: MailRecord): Promise<MailContent> {
    return composeMail(mail, await this.mailContext());
  }

  /**
   * The context and the staff alert addresses together, from the settings kept in memory. Inside a transaction pass
   * it (`tx`): when they must be read, they are read through it. While the settings name no alert address, every
   * active admin is alerted at their own (docs/product/notifications.md#staff-alerts): a new shop is never silent.
   */
  async mailSettings(tx?: Db): Promise<{ ctx: MailContext; staff: string[] }> {
    const settings = mailSettingsOf(await this.opts.settings.get(tx), this.baseUrl);
    if (settings.staff.length > 0) return settings;
    return { ...settings, staff: await orderEventsRepository(tx ?? this.opts.db).activeAdminEmails() };
  }

  /** Where a subscription's endpoint may point (checked on subscribe). */
  get pushEndpoints(): PushEndpointPolicy {
    return this.opts.pushEndpoints;
  }

  /** What a phone message's links and signature need as it is sent: PUBLIC_URL and the shop's name. */
  async phoneContext(): Promise<{ baseUrl: string; shopName: string }> {
    const ctx = await this.mailContext();
    return { baseUrl: ctx.baseUrl, shopName: ctx.shop.name?.trim() || "Loja" };
  }

  /** Where WhatsApp and SMS may go and how many a day, from the settings in memory (the owner's, else the defaults). */
  async messagingRules(): Promise<MessagingRules> {
    const s = await this.opts.settings.get();
    return {
      countryCodes: s?.messagingCountryCodes ?? [],
      perPhoneDaily: s?.messagingPerPhoneDaily ?? MESSAGING_CAPS.messagingPerPhoneDaily.default,
      perAccountDaily: s?.messagingPerAccountDaily ?? MESSAGING_CAPS.messagingPerAccountDaily.default,
      shopDaily: s?.messagingShopDaily ?? MESSAGING_CAPS.messagingShopDaily.default,
    };
  }

  /** Called by the notifications plugin once the outbox sender runs (and the log exists). */
  attach(wakeSender: () => void, log: Log): void {
    this.wakeSender = wakeSender;
    this.log = log;
  }

  /** After the commit of an event: mail leaves now rather than at the next poll; pushes go out. Never throws. */
  committed(pushes: (PushNotice | null | undefined)[] = []): void {
    this.wakeSender();
    for (const notice of pushes) {
      if (!notice) continue;
      const sender = this.push();
      ("staff" in notice ? sender.sendToStaff(notice.payload) : sender.sendToUser(notice.userId, notice.payload)).catch((error: unknown) =>
        this.log?.warn({ err: error }, "web push failed"),
      );
    }
  }

  /** Keys are read (or generated into DATA_DIR) on the first push, not at every start. */
  private push(): PushSender {
    return (this.pushSender ??= createPushSender({
      db: this.opts.db,
      vapid: loadVapidKeys({ dataDir: this.opts.config.dataDir }),
      endpoints: this.opts.pushEndpoints,
    }));
  }
}
