// The shopper's own account page (docs/product/accounts.md#account-page): name, identities (shown, not edited here), the delivery address
// saved to pre-fill checkout, and which notifications they want.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { addressErrors, type AddressField } from "../../../shared/checkout.ts";
import { AppError, SESSION_EXPIRED } from "../errors.ts";
import type { Static } from "typebox";
import type { Address } from "../../schemas/orders.ts";
import type { AccountReply } from "../../schemas/users.ts";
import { personNameProblem } from "../../../shared/names.ts";
import { checkNif } from "../../../shared/nif.ts";
import { phoneCodeChannels, type PhoneChannels } from "../../../shared/phone-codes.ts";
import { phoneVerificationRepository } from "./phone-verification-repository.ts";

/** What the account page shows (the route's reply schema). */
type Account = Static<typeof AccountReply>["account"];

interface AccountChanges {
  name?: string;
  savedAddress?: Partial<Record<AddressField, string>> | null;
  nif?: string | null;
  notifyEmail?: boolean;
  notifyPush?: boolean;
  whatsappOptIn?: boolean;
  smsOptIn?: boolean;
}

const select = {
  name: true,
  email: true,
  phone: true,
  savedAddress: true,
  nif: true,
  notifyEmail: true,
  notifyPush: true,
  whatsappOptIn: true,
  smsOptIn: true,
  active: true,
} as const;
const FIELDS: readonly AddressField[] = ["firstName", "lastName", "email", "street", "city", "state", "zipcode", "country", "phone"];

/** Neither WhatsApp nor SMS configured: no code can be sent, only the sign-in phone counts as confirmed. */
const NO_CHANNELS: PhoneChannels = { whatsapp: false, sms: false };

function toAccount(row: Prisma.UserGetPayload<{ select: typeof select }>, confirmed: string[], channels: PhoneChannels): Account {
  const saved = row.savedAddress as Record<string, unknown> | null;
  const savedAddress =
    saved && typeof saved === "object"
      ? (Object.fromEntries(FIELDS.map((f) => [f, typeof saved[f] === "string" ? saved[f] : ""])) as Address)
      : null;
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    savedAddress,
    nif: row.nif,
    notifyEmail: row.notifyEmail,
    notifyPush: row.notifyPush,
    whatsappOptIn: row.whatsappOptIn,
    smsOptIn: row.smsOptIn,
    verifiedPhones: [...new Set([...(row.phone ? [row.phone] : []), ...confirmed])],
    phoneCodeChannels: phoneCodeChannels(channels),
  };
}

/** `channels`: the phone channels the shop configured (which a code confirming a phone can go by). */
export async function getAccount(db: Db, userId: string, channels: PhoneChannels = NO_CHANNELS): Promise<Account> {
  const row = await db.user.findUnique({ where: { id: userId }, select });
  if (!row?.active) throw new AppError(401, SESSION_EXPIRED);
  return toAccount(row, await phoneVerificationRepository(db).verifiedPhones(userId), channels);
}

/** Checkout's own rules (shared/checkout.ts) decide whether an address may be saved. */
function cleanAddress(input: Partial<Record<AddressField, string>>): Address {
  const address = Object.fromEntries(FIELDS.map((f) => [f, (input[f] ?? "").trim()])) as Address;
  const first = Object.values(addressErrors(address))[0];
  if (first) throw new AppError(400, first);
  return address;
}

/**
 * The WhatsApp / SMS choices as stored: each with the moment it was given or withdrawn
 * (docs/product/notifications.md#whatsapp-and-sms). Checkout passes the same (a ticked box only ever turns it on).
 */
export function optInChanges(changes: { whatsappOptIn?: boolean; smsOptIn?: boolean }): Prisma.UserUpdateManyMutationInput {
  const now = new Date();
  const data: Prisma.UserUpdateManyMutationInput = {};
  if (changes.whatsappOptIn !== undefined) Object.assign(data, { whatsappOptIn: changes.whatsappOptIn, whatsappOptInAt: now });
  if (changes.smsOptIn !== undefined) Object.assign(data, { smsOptIn: changes.smsOptIn, smsOptInAt: now });
  return data;
}

/**
 * Boxes ticked at checkout: WhatsApp / SMS turned on (never off) from now, the moment kept when it was off. True
 * when something changed (the caller forgets the account's cached copy).
 */
export async function optInAtCheckout(db: Db, userId: string, ticked: { whatsappOptIn?: boolean; smsOptIn?: boolean }): Promise<boolean> {
  const now = new Date();
  let changed = 0;
  if (ticked.whatsappOptIn)
    changed += (
      await db.user.updateMany({ where: { id: userId, whatsappOptIn: false }, data: { whatsappOptIn: true, whatsappOptInAt: now } })
    ).count;
  if (ticked.smsOptIn)
    changed += (await db.user.updateMany({ where: { id: userId, smsOptIn: false }, data: { smsOptIn: true, smsOptInAt: now } })).count;
  return changed > 0;
}

export async function updateAccount(
  db: Db,
  userId: string,
  changes: AccountChanges,
  channels: PhoneChannels = NO_CHANNELS,
): Promise<Account> {
  const data: Prisma.UserUpdateManyMutationInput = {};
  if (changes.name !== undefined) {
    const name = changes.name.trim();
    if (!name) throw new AppError(400, "Nome é obrigatório");
    const problem = personNameProblem(name);
    if (problem) throw new AppError(400, problem);
    data.name = name;
  }
  if (changes.savedAddress !== undefined)
    data.savedAddress = changes.savedAddress === null ? Prisma.DbNull : { ...cleanAddress(changes.savedAddress) };
  if (changes.nif !== undefined) {
    const checked = checkNif(changes.nif);
    if ("problem" in checked) throw new AppError(400, checked.problem);
    data.nif = checked.nif;
  }
  if (changes.notifyEmail !== undefined) data.notifyEmail = changes.notifyEmail;
  if (changes.notifyPush !== undefined) data.notifyPush = changes.notifyPush;
  Object.assign(data, optInChanges(changes));
  const { count } = await db.user.updateMany({ where: { id: userId, active: true }, data });
  if (!count) throw new AppError(401, SESSION_EXPIRED);
  return getAccount(db, userId, channels);
}
