// Whether a WhatsApp or SMS message may leave (docs/design/security.md#whatsapp-and-sms-only-where-they-should-go).
// Every message costs the shop money and reaches whoever holds the number, so the sender asks, before each send:
// - the country: Angola (+244), or one the owner allowed in the settings (SMS pumping pays best abroad);
// - the phone: one its shopper proved is theirs (the sign-in phone, or a code sent to it and typed back) or used on
//   one of their paid orders; a phone anybody typed at checkout gets nothing (a code confirming it excepted);
// - the caps: messages in 24 hours to this phone, for this account and for the whole shop, counted in the
//   database (attempt_counters, one atomic upsert each) so every instance shares them; counted once per message,
//   at its first try.
// What is kept back is not sent and not retried: the row is marked "blocked" with the reason (the console shows it).
import type { Db } from "../../db/client.ts";
import type { AttemptLimiter } from "../../domain/users/attempt-limiter.ts";
import { callingCodeOf, messagingAllowedTo, phoneDigits } from "../../../shared/phones.ts";
import type { ClaimedMail } from "../outbox/repository.ts";
import { phoneMessagesRepository } from "./repository.ts";
import { PHONE_CODE_KIND } from "./templates.ts";

/** The owner's settings the rules read (Definições → WhatsApp e SMS). */
export interface MessagingRules {
  /** Calling codes besides Angola's ("351"). */
  countryCodes: readonly string[];
  perPhoneDaily: number;
  perAccountDaily: number;
  shopDaily: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a message was kept back, as the console shows it. */
export const BLOCKED = {
  invalidNumber: "Não enviada: o número não é válido",
  country: (code: string) => `Não enviada: número de fora de Angola (+${code}), país não permitido nas Definições`,
  noAccount: "Não enviada: a mensagem não tem cliente",
  unverified: "Não enviada: número não confirmado pelo cliente nem usado num pedido pago dele",
  perPhone: (max: number) => `Não enviada: limite de ${max} mensagens em 24 horas para este número`,
  perAccount: (max: number) => `Não enviada: limite de ${max} mensagens em 24 horas para esta conta`,
  shop: (max: number) => `Não enviada: limite da loja de ${max} mensagens em 24 horas`,
} as const;

/** The phone's cap is checked first: a number over its cap does not use the account's or the shop's. */
async function overCap(limiter: AttemptLimiter, rules: MessagingRules, to: string, userId: string): Promise<string | null> {
  if (!(await limiter.take(`messages:phone:${to}`, { max: rules.perPhoneDaily, windowMs: DAY_MS })).allowed)
    return BLOCKED.perPhone(rules.perPhoneDaily);
  if (!(await limiter.take(`messages:account:${userId}`, { max: rules.perAccountDaily, windowMs: DAY_MS })).allowed)
    return BLOCKED.perAccount(rules.perAccountDaily);
  if (!(await limiter.take("messages:shop", { max: rules.shopDaily, windowMs: DAY_MS })).allowed) return BLOCKED.shop(rules.shopDaily);
  return null;
}

/** Why `row` must not be sent, or null when it may go. `limiter` counts the caps (the app's, shared by every instance). */
export async function keptBack(
  db: Db,
  limiter: AttemptLimiter,
  rules: MessagingRules,
  row: Pick<ClaimedMail, "to" | "userId" | "kind" | "attempts">,
): Promise<string | null> {
  const code = callingCodeOf(row.to);
  if (!code) return BLOCKED.invalidNumber;
  if (!messagingAllowedTo(row.to, rules.countryCodes)) return BLOCKED.country(code);
  if (!row.userId) return BLOCKED.noAccount;
  // A code is what proves the phone: it is the one message a phone not yet confirmed gets.
  if (row.kind !== PHONE_CODE_KIND && !(await phoneMessagesRepository(db).reachable(row.userId, row.to, phoneDigits(row.to))))
    return BLOCKED.unverified;
  return row.attempts === 1 ? overCap(limiter, rules, row.to, row.userId) : null;
}
