// A shopper confirms a phone is theirs (docs/product/accounts.md#confirming-a-phone): the shop sends a 6-digit code to
// it by WhatsApp or SMS (whichever the shop configured; the shopper may pick when both are), and they type it back.
// Only a confirmed phone (or the sign-in phone, which the phone login verified) gets order messages, and only a
// confirmed phone's WhatsApp reaches the account's chats (docs/design/security.md#whatsapp-only-to-its-owner).
// The code goes through the outbox like every message (sealed in its row, erased once sent); the database keeps
// only its keyed digest. 10 minutes, 5 tries, one use; codes per phone and per account are limited, since each one
// costs the shop a message and lands on somebody's phone.
import { randomInt, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "../../db/client.ts";
import { PHONE_CODE_MINUTES, phoneCodeChannels, type PhoneChannel, type PhoneChannels } from "../../../shared/phone-codes.ts";
import { emitEvents } from "../events/emit.ts";
import type { SecretKeeper } from "./secrets.ts";
import { callingCodeOf, INVALID_PHONE, messagingAllowedTo, toE164 } from "../../../shared/phones.ts";
import { AppError } from "../errors.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import { phoneVerificationRepository } from "./phone-verification-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tries at one code before it is dead. */
export const PHONE_CODE_TRIES = 5;

/** Codes asked: one a minute per phone; a few a day per phone (whoever asks) and per account. */
export const PHONE_CODE_LIMITS = {
  perPhoneMinute: { max: 1, windowMs: 60_000 },
  perPhoneDay: { max: 5, windowMs: DAY_MS },
  perAccountDay: { max: 10, windowMs: DAY_MS },
} as const;

export const PHONE_CODES_UNAVAILABLE = "Não é possível confirmar números: a loja não envia mensagens por WhatsApp nem por SMS.";
export const PHONE_CODE_INVALID = "Código inválido ou expirado.";
export const PHONE_CODE_TOO_MANY_TRIES = "Demasiadas tentativas. Peça um novo código.";
export const PHONE_CODE_WAIT = "Já enviámos um código para este número. Aguarde um minuto antes de pedir outro.";
export const PHONE_CODE_TOO_MANY = "Já pediu muitos códigos hoje. Tente amanhã ou fale connosco.";
export const PHONE_CONFIRMED = "Número confirmado. Os avisos do pedido vão para este número.";
const CHANNEL_NAMES: Record<PhoneChannel, string> = { whatsapp: "WhatsApp", sms: "SMS" };
const countryRefused = (code: string) =>
  `Não enviamos mensagens para números de +${code}. Use um número de Angola (+244) ou fale connosco.`;
const channelRefused = (channel: PhoneChannel) => `A loja não envia códigos por ${CHANNEL_NAMES[channel]}.`;
export const phoneCodeSent = (channel: PhoneChannel, phone: string) =>
  `Enviámos um código por ${CHANNEL_NAMES[channel]} para ${phone}. É válido durante ${PHONE_CODE_MINUTES} minutos.`;

interface Deps {
  db: PrismaClient;
  /** The messaging layer's facts and keys (the Notifier): configured channels, allowed countries, the sealer. */
  notifier: {
    phoneChannels: PhoneChannels;
    messagingRules(): Promise<{ countryCodes: readonly string[] }>;
    sealer: SecretKeeper;
  };
  attempts: AttemptLimiter;
}

/** Whether the account signed in with this phone or confirmed it (E.164). */
export async function phoneVerifiedFor(db: PrismaClient, userId: string, phone: string): Promise<boolean> {
  return phoneVerificationRepository(db).isVerified(userId, phone);
}

async function takeOrRefuse(attempts: AttemptLimiter, key: string, limit: { max: number; windowMs: number }, message: string) {
  if (!(await attempts.take(key, limit)).allowed) throw new AppError(429, message);
}

/**
 * Sends a code confirming `phone` for the account. Answers the phone in E.164 and the channel, or `alreadyVerified`
 * when nothing needs sending.
 */
export async function requestPhoneCode(
  deps: Deps,
  input: { userId: string; phone: string; channel?: PhoneChannel },
): Promise<{ phone: string; channel: PhoneChannel | null; alreadyVerified: boolean }> {
  const { db, notifier, attempts } = deps;
  const channels = phoneCodeChannels(notifier.phoneChannels);
  if (!channels.length) throw new AppError(409, PHONE_CODES_UNAVAILABLE);
  const phone = toE164(input.phone);
  if (!phone) throw new AppError(400, INVALID_PHONE);
  if (!messagingAllowedTo(phone, (await notifier.messagingRules()).countryCodes))
    throw new AppError(400, countryRefused(callingCodeOf(phone) ?? "?"));
  const channel = input.channel ?? channels[0]!;
  if (!channels.includes(channel)) throw new AppError(400, channelRefused(channel));
  if (await phoneVerifiedFor(db, input.userId, phone)) return { phone, channel: null, alreadyVerified: true };

  await takeOrRefuse(attempts, `phone-code:minute:${phone}`, PHONE_CODE_LIMITS.perPhoneMinute, PHONE_CODE_WAIT);
  await takeOrRefuse(attempts, `phone-code:phone:${phone}`, PHONE_CODE_LIMITS.perPhoneDay, PHONE_CODE_TOO_MANY);
  await takeOrRefuse(attempts, `phone-code:account:${input.userId}`, PHONE_CODE_LIMITS.perAccountDay, PHONE_CODE_TOO_MANY);

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.$transaction(async (tx) => {
    const codeId = await phoneVerificationRepository(tx).createCode({
      userId: input.userId,
      phone,
      codeHash: notifier.sealer.digest(code),
      expiresAt: new Date(Date.now() + PHONE_CODE_MINUTES * 60_000),
    });
    // The message leaves from its event (server/subscribers/account-messages.ts), the code sealed in it and its row.
    await emitEvents(tx, {
      name: "phone.code_requested",
      orderId: null,
      payload: { userId: input.userId, phone, channel, codeId, sealedCode: notifier.sealer.seal({ code }) },
    });
  });
  return { phone, channel, alreadyVerified: false };
}

const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks a code typed back; the phone (E.164) is the account's from now on. */
export async function confirmPhoneCode(
  deps: Pick<Deps, "db" | "notifier">,
  input: { userId: string; phone: string; code: string },
): Promise<string> {
  const { db, notifier } = deps;
  const phone = toE164(input.phone);
  const code = input.code.replace(/\s+/g, "");
  if (!phone || !/^\d{6}$/.test(code)) throw new AppError(400, PHONE_CODE_INVALID);
  const repo = phoneVerificationRepository(db);
  const live = await repo.liveCode(input.userId, phone);
  if (!live) throw new AppError(400, PHONE_CODE_INVALID);
  // The try is counted before the comparison: concurrent guesses cannot pass the limit.
  if (!(await repo.takeTry(live.id, PHONE_CODE_TRIES))) throw new AppError(400, PHONE_CODE_TOO_MANY_TRIES);
  if (!sameDigest(notifier.sealer.digest(code), live.codeHash)) throw new AppError(400, PHONE_CODE_INVALID);
  await db.$transaction(async (tx) => {
    if (!(await phoneVerificationRepository(tx).use(live.id, input.userId, phone))) throw new AppError(400, PHONE_CODE_INVALID);
    await phoneVerificationRepository(tx).verify(input.userId, phone);
  });
  return phone;
}
