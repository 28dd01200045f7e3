// The shopper's own account page (docs/product/accounts.md#account-page): name, identities (shown, not edited here), the delivery address
// saved to pre-fill checkout, and which notifications they want.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { addressErrors, type AddressField } from "../../../shared/checkout.ts";
import { AppError, SESSION_EXPIRED } from "../errors.ts";
import type { Static } from "typebox";
import type { Address } from "../../schemas/orders.ts";
import type { AccountReply } from "../../schemas/users.ts";

/** What the account page shows (the route's reply schema). */
type Account = Static<typeof AccountReply>["account"];

interface AccountChanges {
  name?: string;
  savedAddress?: Partial<Record<AddressField, string>> | null;
  notifyEmail?: boolean;
  notifyPush?: boolean;
}

const select = { name: true, email: true, phone: true, savedAddress: true, notifyEmail: true, notifyPush: true, active: true } as const;
const FIELDS: readonly AddressField[] = ["firstName", "lastName", "email", "street", "city", "state", "zipcode", "country", "phone"];

function toAccount(row: Prisma.UserGetPayload<{ select: typeof select }>): Account {
  const saved = row.savedAddress as Record<string, unknown> | null;
  const savedAddress =
    saved && typeof saved === "object"
      ? (Object.fromEntries(FIELDS.map((f) => [f, typeof saved[f] === "string" ? saved[f] : ""])) as Address)
      : null;
  return { name: row.name, email: row.email, phone: row.phone, savedAddress, notifyEmail: row.notifyEmail, notifyPush: row.notifyPush };
}

export async function getAccount(db: Db, userId: string): Promise<Account> {
  const row = await db.user.findUnique({ where: { id: userId }, select });
  if (!row?.active) throw new AppError(401, SESSION_EXPIRED);
  return toAccount(row);
}

/** Checkout's own rules (shared/checkout.ts) decide whether an address may be saved. */
function cleanAddress(input: Partial<Record<AddressField, string>>): Address {
  const address = Object.fromEntries(FIELDS.map((f) => [f, (input[f] ?? "").trim()])) as Address;
  const first = Object.values(addressErrors(address))[0];
  if (first) throw new AppError(400, first);
  return address;
}

export async function updateAccount(db: Db, userId: string, changes: AccountChanges): Promise<Account> {
  const data: Prisma.UserUpdateManyMutationInput = {};
  if (changes.name !== undefined) {
    const name = changes.name.trim();
    if (!name) throw new AppError(400, "Nome é obrigatório");
    data.name = name;
  }
  if (changes.savedAddress !== undefined)
    data.savedAddress = changes.savedAddress === null ? Prisma.DbNull : { ...cleanAddress(changes.savedAddress) };
  if (changes.notifyEmail !== undefined) data.notifyEmail = changes.notifyEmail;
  if (changes.notifyPush !== undefined) data.notifyPush = changes.notifyPush;
  const { count } = await db.user.updateMany({ where: { id: userId, active: true }, data });
  if (!count) throw new AppError(401, SESSION_EXPIRED);
  return getAccount(db, userId);
}
