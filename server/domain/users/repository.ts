// Users (customers and staff alike): the only Prisma caller of the users domain. Sign-in reads one user; the
// console's customers and staff resources are both "accounts", told apart by role.
import type { Db } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";
import type { Role } from "./tokens.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import { phoneSearchDigits } from "../../../shared/phones.ts";

export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  role: Role;
  active: boolean;
  sessionVersion: number;
}

const select = {
  id: true,
  name: true,
  email: true,
  phone: true,
  passwordHash: true,
  role: true,
  active: true,
  sessionVersion: true,
} as const;

/**
 * What every authenticated request is checked against (sessions.ts caches it), with what an order's confirmation
 * needs of its customer: placing an order then reads the account once, not twice (docs/design/money.md#placement).
 */
const sessionSelect = {
  role: true,
  active: true,
  sessionVersion: true,
  id: true,
  name: true,
  email: true,
  notifyEmail: true,
  notifyPush: true,
  whatsappOptIn: true,
  smsOptIn: true,
} as const satisfies Prisma.UserSelect;
export type SessionState = Prisma.UserGetPayload<{ select: typeof sessionSelect }>;

/** An account as the console lists it. */
const accountSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  role: true,
  active: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;
export type AccountRow = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

interface AccountFilter {
  q?: string;
  /** Accounts the search also finds by something else they hold (customers: their orders' phones and references). */
  alsoIds?: string[];
  ids?: string[];
  role?: string;
  active?: boolean;
}

const phoneWhere = (q: string): Prisma.UserWhereInput[] => {
  const digits = phoneSearchDigits(q);
  return digits ? [{ phone: { contains: digits } }] : [];
};

const accountWhere = (roles: readonly Role[], f: AccountFilter): Prisma.UserWhereInput => ({
  role: { in: f.role && roles.includes(f.role as Role) ? [f.role as Role] : [...roles] },
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.active !== undefined ? { active: f.active } : {}),
  ...(f.q
    ? {
        OR: [
          { name: { contains: f.q, mode: "insensitive" } },
          { email: { contains: f.q, mode: "insensitive" } },
          { phone: { contains: f.q } },
          // Phones are stored in E.164 (+244…): "923 111 222" or "00244…" are found by their national digits.
          ...phoneWhere(f.q),
          ...(f.alsoIds?.length ? [{ id: { in: f.alsoIds } }] : []),
        ],
      }
    : {}),
});

export const usersRepository = (db: Db) => ({
  /** A staff member's name as payments and history show it. */
  nameOf: async (userId: string): Promise<string | null> =>
    (await db.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? null,
  findByEmail: (email: string): Promise<UserRow | null> => db.user.findUnique({ where: { email }, select }),
  findByPhone: (phone: string): Promise<UserRow | null> => db.user.findUnique({ where: { phone }, select }),
  findById: (id: string): Promise<UserRow | null> => db.user.findUnique({ where: { id }, select }),
  create: (data: {
    name: string;
    email?: string | null;
    phone?: string | null;
    passwordHash?: string | null;
    role?: Role;
  }): Promise<UserRow> => db.user.create({ data, select }),
  /** Active staff, by name: who a conversation may be assigned to. */
  activeStaff: (): Promise<{ id: string; name: string }[]> =>
    db.user.findMany({
      where: { role: { in: [...STAFF_ROLES] }, active: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
  countStaff: () => db.user.count({ where: { role: { in: [...STAFF_ROLES] } } }),

  // Accounts as the console shows them (customers or staff, by role)

  listAccounts: (
    roles: readonly Role[],
    f: AccountFilter,
    orderBy: Prisma.UserOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<AccountRow[]> => db.user.findMany({ where: accountWhere(roles, f), orderBy, skip, take, select: accountSelect }),
  countAccounts: (roles: readonly Role[], f: AccountFilter) => db.user.count({ where: accountWhere(roles, f) }),
  findAccount: (id: string, roles: readonly Role[]): Promise<AccountRow | null> =>
    db.user.findFirst({ where: { id, role: { in: [...roles] } }, select: accountSelect }),
  createAccount: (data: { name: string; email: string; passwordHash: string; role: Role }): Promise<AccountRow> =>
    db.user.create({ data, select: accountSelect }),
  updateAccount: (id: string, data: Prisma.UserUpdateInput): Promise<AccountRow> =>
    db.user.update({ where: { id }, data, select: accountSelect }),
  emailTaken: async (email: string) => (await db.user.count({ where: { email } })) > 0,
  /** Whether another staff account (not `exceptId`) has this name, in any case: staff are told apart by name. */
  staffNameTaken: async (name: string, exceptId?: string) =>
    (await db.user.count({
      where: {
        role: { in: ["admin", "support"] },
        name: { equals: name, mode: "insensitive" },
        ...(exceptId ? { id: { not: exceptId } } : {}),
      },
    })) > 0,
  /**
   * The active admins' ids, their rows locked until the transaction ends: two admins deactivating or demoting
   * each other at once are taken one after the other, and the second sees the first's change (READ COMMITTED
   * re-checks the WHERE on the updated row), so the last active admin cannot go.
   */
  lockActiveAdminIds: async (): Promise<string[]> =>
    (await db.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' AND active ORDER BY id FOR UPDATE`).map((r) => r.id),

  // Sessions

  sessionState: (id: string): Promise<SessionState | null> => db.user.findUnique({ where: { id }, select: sessionSelect }),
  /** Raises the session version (with any other change to the account in `data`): every older token is refused. Returns the new version. */
  endSessions: async (id: string, data: Prisma.UserUpdateInput = {}): Promise<number> =>
    (await db.user.update({ where: { id }, data: { ...data, sessionVersion: { increment: 1 } }, select: { sessionVersion: true } }))
      .sessionVersion,
});
